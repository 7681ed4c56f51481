/** Plant parts used (root, leaf, flower, …) with their pharmacopoeial Latin term. */
import { input } from './fields';
import { referenceList } from './reference-list';

export const partuseds = referenceList({
  entities: 'partuseds',
  base: 'partused',
  title: 'Parts used',
  module: {
    description: 'Plant parts used: root, leaf, flower, …',
    section: 'Reference data',
    position: 7,
  },
  singular: 'part used',
  fields: [input('partused_latin_name', { label: 'Latin term', max: 100 })],
  search: ['partused_latin_name'],
});
