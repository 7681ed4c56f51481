/** Organs and the body system they belong to; linked to herbs. */
import { input } from './fields';
import { referenceList } from './reference-list';

export const organs = referenceList({
  entities: 'organs',
  base: 'organ',
  title: 'Organs',
  module: {
    description: 'Organs and body systems.',
    section: 'Reference data',
    position: 5,
  },
  singular: 'organ',
  fields: [input('organ_system', { label: 'Body system' })],
  search: ['organ_system'],
  filters: ['organ_system'],
});
