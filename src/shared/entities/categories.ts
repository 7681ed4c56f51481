/**
 * The category tree: every company has mandatory roots (Patients, Herbs, …)
 * whose subtrees file the records of that entity. The flags decide what may happen to a node;
 * only admins set them.
 */
import { defineEntity } from './define';
import { colour, input, readOnly, toggle } from './fields';

const flag = (name: string, label: string, fallback: 0 | 1) =>
  toggle(name, { label, adminOnly: true, default: fallback });

export const categories = defineEntity({
  entities: 'categories',
  base: 'category',
  title: 'Categories',
  module: {
    description: 'The category tree used to file records.',
    section: 'Reference data',
    position: 10,
  },
  singular: 'category',
  keys: { name: 'category_label', secondary: 'category_key', order: 'category_order' },
  fields: [
    input('category_label', { required: true, label: 'Label' }),
    input('category_key', {
      max: 64,
      label: 'Key',
      adminOnly: true,
      copy: false,
      hint: 'A stable name used by the program; set automatically when left empty.',
    }),
    // The parent names another category, so its filter offers them by label.
    { ...readOnly('category_parent', 'id', { label: 'Parent' }), references: 'categories' },
    readOnly('category_root', 'id', { label: 'Root' }),
    readOnly('category_order', 'integer', { label: 'Order' }),
    flag('category_mandatory', 'Mandatory', 0),
    flag('category_can_contain_children', 'Can contain children', 1),
    flag('category_movable', 'Movable', 1),
    flag('category_can_be_renamed', 'Can be renamed', 1),
    colour('category_colour', {
      label: 'Colour',
      hint: 'Marks the records filed under this category.',
    }),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        { title: 'Category', items: ['category_label', 'category_key', 'category_colour'] },
        {
          title: 'Rules',
          items: [
            'category_mandatory',
            'category_can_contain_children',
            'category_movable',
            'category_can_be_renamed',
          ],
        },
      ],
    },
  ],
  list: {
    columns: ['category_label', 'category_parent'],
    search: ['category_label', 'category_key'],
    filters: ['category_parent', 'category_root', 'category_mandatory'],
  },
  capabilities: { ordering: true, preferences: false },
  tree: {
    parent: 'category_parent',
    rootValue: 0,
    rootColumn: 'category_root',
    mandatory: 'category_mandatory',
    container: 'category_can_contain_children',
    movable: 'category_movable',
    renameable: 'category_can_be_renamed',
  },
  openReads: true,
});
