/** Specialisms (women's health, paediatrics, …); linked to herbs. */
import { referenceList } from './reference-list';

export const specialisms = referenceList({
  entities: 'specialisms',
  base: 'specialism',
  title: 'Specialisms',
  module: {
    description: 'Practitioner specialisms.',
    section: 'Reference data',
    position: 6,
  },
  singular: 'specialism',
});
