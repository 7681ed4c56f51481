/**
 * The allergy check of the formula (AllergyIntolerance against the herbs of the lines): a herb
 * is covered by the allergies linked to it on its record (herbs.allergies — its botanical family,
 * a chemical group such as salicylates, or the herb alone), so the match is by data, never by
 * comparing names. Called by ./prescription-safety.ts for each herb of the formula; the warning
 * weighs as pregnancy does: dispensing despite it needs a recorded reason.
 */
import type { SafetyFacts, SafetyHerb } from './prescription-safety-facts';

/** "Yarrow: the patient is allergic to Daisy family (Asteraceae), which covers it." */
export function allergyWarnings(herb: SafetyHerb, facts: SafetyFacts): ['allergy', string][] {
  const allergies = facts.patient?.allergies ?? [];
  return allergies
    .filter((allergy) => herb.allergy_ids.includes(allergy.id))
    .map((allergy) => [
      'allergy',
      `${herb.herb_name}: the patient is allergic to ${allergy.name}, which covers it.`,
    ]);
}
