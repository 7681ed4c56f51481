/** Diseases with their ICD-10 code; linked to herbs. */
import { input } from './fields';
import { referenceList } from './reference-list';

export const diseases = referenceList({
  entities: 'diseases',
  base: 'disease',
  title: 'Diseases',
  module: {
    description: 'Diseases and their descriptions.',
    section: 'Reference data',
    position: 3,
  },
  singular: 'disease',
  fields: [input('disease_icd10_code', { max: 10, label: 'ICD-10 code' })],
  search: ['disease_icd10_code'],
});
