/**
 * What each starting allergy covers among the demo herbs (herbs.allergies): a botanical family
 * (APG IV, as ./herbs.ts names it) or single herbs for a chemical group. Demo data for trying
 * the program, not clinical guidance (docs/herb-cautions.md, "Allergy groups"). Allergy names are
 * the starting ones (./starting-rows.ts), family and herb names the demo's; a unit test keeps them
 * in step.
 */
interface AllergyGroup {
  families?: readonly string[];
  herbs?: readonly string[];
}

/** Salicylate-bearing herbs whose monographs name hypersensitivity to salicylates. */
const SALICYLATE_HERBS = ['White willow', 'Meadowsweet', 'Black haw'];

export const ALLERGY_GROUPS: Readonly<Record<string, AllergyGroup>> = {
  'Daisy family (Asteraceae)': { families: ['Asteraceae'] },
  'Carrot family (Apiaceae)': { families: ['Apiaceae'] },
  'Mint family (Lamiaceae)': { families: ['Lamiaceae'] },
  Salicylates: { herbs: SALICYLATE_HERBS },
  // Aspirin sensitivity extends to salicylates (EMA/HMPC Salicis cortex, Filipendulae herba).
  'Aspirin and NSAIDs': { herbs: SALICYLATE_HERBS },
  // Celery allergy cross-reacts with the rest of the carrot family ("celery–spice syndrome").
  Celery: { families: ['Apiaceae'] },
};

/** [allergy name, herb name] pairs for the demo herbs given as [name, family]. */
export function allergyHerbPairs(herbs: ReadonlyArray<{ name: string; family: string }>) {
  return Object.entries(ALLERGY_GROUPS).flatMap(([allergy, group]) =>
    herbs
      .filter((h) => group.families?.includes(h.family) || group.herbs?.includes(h.name))
      .map((h): [string, string] => [allergy, h.name]),
  );
}
