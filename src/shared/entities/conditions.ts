/** Conditions a patient presents with; linked to patients and herbs. */
import { referenceList } from './reference-list';

export const conditions = referenceList({
  entities: 'conditions',
  base: 'condition',
  title: 'Conditions',
  singular: 'condition',
});
