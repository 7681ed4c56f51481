/** Conditions a patient presents with; linked to patients and herbs. */
import { referenceList } from './reference-list';

export const conditions = referenceList({
  entities: 'conditions',
  base: 'condition',
  title: 'Conditions',
  module: {
    description: 'Conditions a patient presents with.',
    section: 'Reference data',
    position: 2,
  },
  singular: 'condition',
});
