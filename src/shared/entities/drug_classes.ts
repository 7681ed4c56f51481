/**
 * Classes of medicines a patient takes (anticoagulants, SSRIs, …): linked to patients as their
 * current medication and to herbs as the interactions their monographs name, so the formula
 * editor can warn when the two meet (../prescription-safety.ts).
 */
import { referenceList } from './reference-list';

export const drugClasses = referenceList({
  entities: 'drug_classes',
  base: 'drug_class',
  title: 'Drug classes',
  module: {
    description: 'Classes of medicines: a patient’s current medication, a herb’s interactions.',
    section: 'Reference data',
    position: 12,
  },
  singular: 'drug class',
});
