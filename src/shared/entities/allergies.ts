/**
 * Allergies and intolerances a patient has (pollen, latex, the daisy family…), picked from the
 * clinic's own list and linked to patients.
 */
import { referenceList } from './reference-list';

export const allergies = referenceList({
  entities: 'allergies',
  base: 'allergy',
  title: 'Allergies',
  module: {
    description: 'Allergies and intolerances a patient has.',
    section: 'Reference data',
    position: 11,
  },
  singular: 'allergy',
});
