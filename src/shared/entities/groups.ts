/**
 * Groups of users. Group 1 is the company's administrators: it can not be deleted and
 * never loses its last member. Privileges are edited by the groups/*_privileges calls.
 */
import { defineEntity } from './define';
import { input, textarea } from './fields';

export const groups = defineEntity({
  entities: 'groups',
  base: 'group',
  title: 'Groups',
  module: {
    description: 'Groups of users and the privileges they grant.',
    section: 'Administration',
    position: 2,
    essential: true,
    routes: [{ route: 'sync_group_privileges', label: 'Change privileges' }],
  },
  singular: 'group',
  keys: { secondary: 'group_key' },
  fields: [
    input('group_name', { required: true, label: 'Name' }),
    input('group_key', { required: true, max: 64, label: 'Key', copy: false }),
    textarea('group_description'),
  ],
  relations: [
    {
      name: 'users',
      entities: 'users',
      table: 'user_groups',
      otherKey: 'user_id',
      label: 'Users in this group',
      adminOnly: true,
    },
  ],
  extras: [{ name: 'group_privileges', type: 'slot', label: 'Privileges' }],
  tabs: [
    {
      name: 'general',
      sections: [
        { title: 'Group', items: ['group_name', 'group_key', 'group_description'] },
        { title: 'Members', items: ['users'] },
      ],
    },
    {
      name: 'privileges',
      sections: [{ title: 'Privileges', columns: 2, items: ['group_privileges'] }],
    },
  ],
  list: { columns: ['group_name', 'group_key'], search: ['group_name', 'group_key'] },
  capabilities: { preferences: false, copy: false },
});
