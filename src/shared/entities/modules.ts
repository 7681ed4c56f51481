/**
 * Modules: rows come from the module catalogue (src/shared/modules.ts), so the
 * generic engine only reads them and edits which groups see them. Enabling goes through
 * modules/update_module_enabled (slot `module_enabled_switch`) and settings through
 * modules/update_settings and update_public_settings (the Settings tab's slot and one editor tab
 * per settings tab of the module, see src/web/entity/extras/extraViews.ts EXTRA_TABS).
 */
import { defineEntity } from './define';
import { readOnly } from './fields';

export const modules = defineEntity({
  entities: 'modules',
  base: 'module',
  title: 'Modules',
  module: {
    description: 'Enable or disable modules and change their settings.',
    section: 'Administration',
    position: 3,
    essential: true,
    routes: [
      { route: 'update_settings', label: 'Change settings' },
      { route: 'update_module_enabled', label: 'Enable and disable' },
    ],
  },
  singular: 'module',
  keys: { secondary: 'module_name' },
  fields: [
    readOnly('module_name', 'text', { label: 'Name' }),
    // Several lines long: shown whole, not clipped to one input line.
    { ...readOnly('module_description', 'text', { label: 'Description' }), type: 'textarea' },
    readOnly('module_enabled', 'toggle', { label: 'Enabled' }),
    readOnly('module_essential', 'toggle', { label: 'Essential' }),
    readOnly('module_order', 'integer', { label: 'Order' }),
    readOnly('module_settings', 'json', { label: 'Settings' }),
    readOnly('module_public_settings', 'json', { label: 'Public settings' }),
  ],
  relations: [
    {
      name: 'groups',
      entities: 'groups',
      table: 'module_groups',
      otherKey: 'group_id',
      adminOnly: true,
    },
  ],
  extras: [
    { name: 'module_enabled_switch', type: 'slot', label: 'Enabled' },
    { name: 'module_settings_tabs', type: 'slot', label: 'Settings' },
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Module',
          columns: 2,
          items: ['module_description', 'module_enabled_switch', 'groups'],
        },
      ],
    },
    {
      name: 'settings',
      sections: [{ title: 'Settings', columns: 2, items: ['module_settings_tabs'] }],
    },
  ],
  list: {
    columns: ['module_name', 'module_enabled', 'module_essential'],
    search: ['module_name', 'module_description'],
    filters: ['module_enabled', 'module_essential'],
    sortable: ['module_order'],
  },
  // Rows are named by their program name (`dispensary_products`); people read the label.
  // (Read from the definitions, not ../modules.ts, which gathers its list from them.)
  rowTitle: (row, moduleLabel) => moduleLabel(String(row.module_name)),
  capabilities: {
    insert: false,
    delete: false,
    selectMode: false,
    preferences: false,
    copy: false,
  },
});
