/**
 * The preferences editor of an entity screen (`__preferences`): the definitions name
 * no preferences, so every entity set with the preferences capability gets the same few, derived
 * from its definition and described as a definition of their own — the generic editor draws them
 * like any record. They are stored per user and module (`{module}/update_my_preference_…`).
 */
import { defineEntity } from '../../../shared/entities/define';
import { select } from '../../../shared/entities/fields';
import type { EntityDefinition, Option } from '../../../shared/entities';
import { LIST_PAGE_SIZE, LOCAL_LIST_LIMIT } from '../../../shared/limits';

export { NO_PREFERENCES_TEXT } from '../../../shared/capabilities';
export const resetPreferencesText = (entity: string) =>
  `You are about to reset your preferences for the "${entity}" module. Are you sure ?`;

const PAGE_SIZES = [25, LIST_PAGE_SIZE, 100, 200, 500, LOCAL_LIST_LIMIT];

export interface EntityPreferences {
  limit: number;
  sort: string | null;
  tab: string | null;
}

function sortOptions(definition: EntityDefinition): Option[] {
  return definition.list.sortable.flatMap((name) => {
    const label = definition.fields.find((f) => f.name === name)?.label ?? name;
    return [
      { value: name, label: `${label}, ascending` },
      { value: `-${name}`, label: `${label}, descending` },
    ];
  });
}

const cache = new Map<string, EntityDefinition>();

export function preferencesDefinition(definition: EntityDefinition): EntityDefinition {
  const known = cache.get(definition.entities);
  if (known) return known;
  const tabs = definition.tabs.map((t) => ({ value: t.name, label: t.label }));
  const built = defineEntity({
    entities: definition.entities,
    base: 'preference',
    title: `${definition.title} preferences`,
    singular: 'preference',
    keys: { name: 'list_limit' },
    fields: [
      select(
        'list_limit',
        PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} rows` })),
        { label: 'Rows loaded at a time', hint: 'Larger pages mean fewer "Load more" clicks.' },
      ),
      select('list_sort', sortOptions(definition), { label: 'Sort the list by' }),
      ...(tabs.length > 1
        ? [select('default_tab', tabs, { label: 'Open records on the tab' })]
        : []),
    ],
    tabs: [
      {
        name: 'list',
        label: 'List',
        sections: [{ title: 'List', items: ['list_limit', 'list_sort'] }],
      },
      ...(tabs.length > 1
        ? [
            {
              name: 'editor',
              label: 'Editor',
              sections: [{ title: 'Editor', items: ['default_tab'] }],
            },
          ]
        : []),
    ],
    list: { columns: [], search: [] },
    capabilities: { insert: false, delete: false, selectMode: false, preferences: false },
  });
  cache.set(definition.entities, built);
  return built;
}

/** Stored preferences, read defensively (any JSON may be stored). */
export function readPreferences(stored: Record<string, unknown> | undefined): EntityPreferences {
  const limit = Number(stored?.list_limit);
  const sort = stored?.list_sort;
  const tab = stored?.default_tab;
  return {
    limit: PAGE_SIZES.includes(limit) ? limit : LIST_PAGE_SIZE,
    sort: typeof sort === 'string' && sort !== '' ? sort : null,
    tab: typeof tab === 'string' && tab !== '' ? tab : null,
  };
}
