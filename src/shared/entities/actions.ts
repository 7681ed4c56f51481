/** Herbal actions (astringent, carminative, …) linked to herbs. */
import { referenceList } from './reference-list';

export const actions = referenceList({
  entities: 'actions',
  base: 'action',
  title: 'Actions',
  singular: 'action',
  search: ['action_description'],
});
