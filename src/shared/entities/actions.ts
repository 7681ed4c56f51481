/** Herbal actions (astringent, carminative, …) linked to herbs. */
import { referenceList } from './reference-list';

export const actions = referenceList({
  entities: 'actions',
  base: 'action',
  title: 'Actions',
  module: {
    description: 'Herbal actions such as astringent or carminative.',
    section: 'Reference data',
    position: 1,
  },
  singular: 'action',
  search: ['action_description'],
});
