/**
 * Reusable passages for patient letters. The body may hold merge fields such as
 * {patient.first_name} or {today}: they stay placeholders in the letter and are filled in when it
 * is printed (see ./merge-fields.ts).
 */
import { defineEntity } from './define';
import { category, html, input } from './fields';

export const snippets = defineEntity({
  entities: 'snippets',
  base: 'snippet',
  title: 'Snippets',
  module: {
    description: 'Reusable passages of text for patient letters.',
    section: 'Clinic',
    position: 4,
    leftDrawer: true,
  },
  singular: 'snippet',
  fields: [
    input('snippet_name', { required: true, label: 'Name' }),
    html('snippet_body', { label: 'Text' }),
    category('snippet_category_id', 'snippets'),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        { title: 'Snippet', items: ['snippet_name', 'snippet_category_id'] },
        { title: 'Text', columns: 2, items: ['snippet_body'] },
      ],
    },
  ],
  list: { columns: ['snippet_name'], search: ['snippet_name'], filters: ['snippet_category_id'] },
  capabilities: { ordering: true },
});
