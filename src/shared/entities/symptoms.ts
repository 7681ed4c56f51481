/** Symptoms a patient reports; linked to patients and herbs. */
import { referenceList } from './reference-list';

export const symptoms = referenceList({
  entities: 'symptoms',
  base: 'symptom',
  title: 'Symptoms',
  module: {
    description: 'Symptoms a patient reports.',
    section: 'Reference data',
    position: 4,
  },
  singular: 'symptom',
});
