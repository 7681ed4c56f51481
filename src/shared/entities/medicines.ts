/**
 * Medicines as people name them (warfarin, sertraline, …), each mapped to the drug class the
 * safety checks know (../prescription-safety.ts): a patient's current medication is a list of
 * these (MedicationStatement). A name typed on a patient that the list lacks is added unmapped
 * and shown "Not mapped — for review" until someone gives it a class; it is never refused.
 */
import { readOnly, reference } from './fields';
import { referenceList } from './reference-list';

export const medicines = referenceList({
  entities: 'medicines',
  base: 'medicine',
  title: 'Medicines',
  module: {
    description: 'Medicines a patient takes, by name, each mapped to its drug class.',
    section: 'Reference data',
    position: 13,
  },
  singular: 'medicine',
  fields: [
    reference('medicine_drug_class_id', 'drug_classes', { label: 'Drug class' }),
    readOnly('medicine_review', 'text', {
      label: 'Review',
      storage: {
        computed:
          "case when medicine_drug_class_id is null then 'Not mapped — for review' else '' end",
      },
    }),
  ],
  filters: ['medicine_drug_class_id', 'medicine_review'],
});
