/** Symptoms a patient reports; linked to patients and herbs. */
import { referenceList } from './reference-list';

export const symptoms = referenceList({
  entities: 'symptoms',
  base: 'symptom',
  title: 'Symptoms',
  singular: 'symptom',
});
