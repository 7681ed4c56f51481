/**
 * Writes docs/entities.md from the definitions, so the reference never drifts from the code:
 *   node --import tsx src/server/entities/docs.ts > docs/entities.md && npx prettier --write docs/entities.md
 * A unit test fails when the committed file differs from what this prints (after Prettier).
 */
import { ENTITIES, type EntityDefinition, type FieldDefinition } from '../../shared/entities';
import { behaviourOf } from '../entity-behaviours';
import { callRoute } from './behaviour';

const GENERIC_CALLS = [
  [
    'list',
    'list',
    '`{page, limit (default 50, at most 5000), filters, relation_filters, sort, row_shape}` → rows; `row_shape: "summary"` holds only the keys, list columns (and their units), `list.rowFields` and lock field',
  ],
  [
    'count',
    'list',
    '`{filters, relation_filters}` → `{count, more}`; `more`: a broad search matches more than `count` (1,000)',
  ],
  [
    'export',
    'list',
    '`{filters, relation_filters, sort, format (csv, xlsx), formatted, columns}` → the whole set as a file, streamed (api.md, Export)',
  ],
  ['get', 'list', '`{<id key>}` → the row with `_relations` (ids per relation)'],
  [
    'insert',
    'insert',
    'fields, `_relations`, `_selected` (tree parent), `_copy` (id) → the new row',
  ],
  [
    'update',
    'update',
    '`{<id key>, field, value, _version?, _seen?}` → `{entity}`; 409 when the field changed since (api.md)',
  ],
  ['delete', 'delete', '`{selected: [ids]}` → `{deleted}`; all or nothing'],
  [
    'bulk_count',
    'list',
    '`{filters, relation_filters}` → `{count, limit}`: the exact size of the matching set (api.md, Bulk actions)',
  ],
  [
    'bulk_delete',
    'delete',
    '`{selected: [ids] or matching: {filters, relation_filters}, expected_count}` → `{count}`; all or nothing',
  ],
  [
    'bulk_update',
    'update',
    '`{selected or matching, expected_count, field, value}` → `{count}`; each row as `update` would',
  ],
  [
    'typeahead',
    'list',
    '`{page, limit (default 100), filters, relation_filters}` → `[{id, label}]`',
  ],
  ['typeahead_labels', 'list', '`{ids}` → `[{id, label}]`'],
  ['reorder_list', 'update', '`{order: [ids]}` (entities with ordering)'],
  ['get_relation_ids', 'list', '`{<id key> or id, relation_name}` → ids'],
  ['get_relation_id', 'list', '`{<id key> or id, relation_name}` → the first id or null'],
] as const;

const cell = (text: string) => text.replace(/\|/g, '\\|');

function describeField(f: FieldDefinition): string {
  const notes: string[] = [];
  if (f.required) notes.push('required');
  if (f.readOnly) notes.push('read-only');
  if (f.adminOnly) notes.push('admins only');
  if (f.maxLength) notes.push(`≤ ${f.maxLength} characters`);
  if (f.min !== undefined) notes.push(`≥ ${f.min}`);
  if (f.max !== undefined && f.max < 1e9) notes.push(`≤ ${f.max}`);
  if (f.unit)
    notes.push(
      `unit: ${typeof f.unit === 'string' ? f.unit : `kind from ${f.unit.kindField}`} (base mg/ml/mm)`,
    );
  if (f.money) notes.push('money');
  if (f.pricePer && typeof f.pricePer !== 'string')
    notes.push(`per 100 g / 100 ml as ${f.pricePer.kindField} says`);
  if (f.references)
    notes.push(`→ ${f.references}${f.categoryRoot ? ` under "${f.categoryRoot}"` : ''}`);
  if (f.options) notes.push(`one of ${f.options.map((o) => `\`${String(o.value)}\``).join(', ')}`);
  if (f.default !== undefined) notes.push(`default ${JSON.stringify(f.default)}`);
  if (!f.inList) notes.push('only in `get`');
  return `| \`${f.name}\` | ${cell(f.label)} | ${f.type} | ${f.value} | ${cell(notes.join('; '))} |`;
}

function entitySection(d: EntityDefinition): string {
  const caps = Object.entries(d.capabilities)
    .filter(([, on]) => on)
    .map(([name]) => name);
  const relationCalls = d.relations.flatMap((r) => [
    `- \`${d.entities}/add_${r.name}\`, \`remove_${r.name}\`, \`sync_${r.name}\`, \`get_${r.name}\` — ${r.label} (→ ${r.entities}, table \`${r.table}\`${r.adminOnly ? ', admins only' : ''})`,
  ]);
  if (d.relations.length > 0)
    relationCalls.push(
      `- \`${d.entities}/bulk_link\` — \`{selected or matching, expected_count, relation_name, change (add, remove), relation_id}\` → \`{count}\``,
    );
  const treeCalls = d.tree
    ? [
        `- \`${d.entities}/get_all_flat\`, \`get_children\`, \`change_parent\` — tree (parent \`${d.tree.parent}\`, root ${d.tree.rootValue})`,
      ]
    : [];
  const extraCalls = Object.entries(behaviourOf(d.entities).calls ?? {}).map(
    ([name, call]) =>
      `- \`${d.entities}/${name}\` — privilege \`${d.module}/${callRoute(d, name, call)}\``,
  );
  return [
    `## ${d.title} (\`${d.entities}\`)`,
    '',
    `Table \`${d.table}\`; keys: id \`${d.keys.id}\`, name \`${d.keys.name}\`` +
      `${d.keys.secondary ? `, secondary \`${d.keys.secondary}\`` : ''}${d.keys.order ? `, order \`${d.keys.order}\`` : ''}. ` +
      `Module \`${d.module}\`. Capabilities: ${caps.join(', ') || 'none'}.${d.auditReads ? ' Every read is audited.' : ''}` +
      `${d.openReads ? ' Readable by every logged-in user (open reads).' : ''}`,
    '',
    '| field | label | editor | value | notes |',
    '|---|---|---|---|---|',
    ...d.fields.map(describeField),
    '',
    `List columns: ${d.list.columns.map((c) => `\`${c}\``).join(', ')}. Search: ${d.list.search.map((c) => `\`${c}\``).join(', ')}. ` +
      `Filters offered: ${d.list.filters.map((f) => `\`${f.name}\` (${f.type})`).join(', ') || 'none'}. Sortable: ${d.list.sortable.map((c) => `\`${c}\``).join(', ')}.`,
    '',
    ...(relationCalls.length + treeCalls.length + extraCalls.length
      ? ['Calls besides the generic ones:', '', ...relationCalls, ...treeCalls, ...extraCalls, '']
      : []),
  ].join('\n');
}

export function entitiesMarkdown(): string {
  return [
    '# Entities',
    '',
    '<!-- Generated from the definitions by src/server/entities/docs.ts (see there); do not edit by hand. -->',
    '',
    'Each entity set is defined once in `src/shared/entities/<entities>.ts`; the server derives its',
    'calls, validation and whitelists from the definition, and the web its list, filters and editor.',
    '',
    '## Calls of every entity set',
    '',
    'All are `POST /api/{entities}/{call}`. Reads need the privilege `{entities}/list`, insert',
    '`{entities}/insert`, delete `{entities}/delete`, everything else `{entities}/update` (admins',
    'hold every privilege). Entity sets marked "open reads" (the category tree and the reference',
    'lists records pick from) may be read by every logged-in user. An unknown field, filter, sort',
    'or relation name is refused by name.',
    '',
    '| call | privilege | payload → data |',
    '|---|---|---|',
    ...GENERIC_CALLS.map(([name, route, text]) => `| \`${name}\` | \`${route}\` | ${cell(text)} |`),
    '',
    'Filter values: none or empty = no filter, 0 is a value. Text values may start with `=` (exact,',
    'case-insensitive), `~` (full text: words, quotes, `or`, `-word`) or `&` (all words, any order);',
    'without a prefix the text is searched anywhere. `filters.search` looks in the search fields,',
    'word by word: every word must appear in one of them, in any order ("ahmed d" finds David',
    'Ahmed), and a date written DD/MM/YYYY (or D.M.YYYY, MM/YYYY) is read as a date.',
    'Numbers, toggles and ids match exactly; dates are `YYYY-MM-DD`; a category filter includes the',
    'sub-categories. A list of values matches any of them. `relation_filters: {relation: [ids]}` keeps',
    'rows linked to any of the ids. Lists are ordered by `sort` (`{field, direction}` or `"-field"`),',
    'then the hand-made order, the name and the id. Rows of `list` carry `<reference>_label` for',
    'every reference field; `get` adds the long text fields and `_relations`. Every row carries',
    '`_version`, which every change of the row raises. A row its definition locks (`lockedWhen`, a',
    'dispensed prescription) refuses `update`, `delete`, relation changes and `change_parent`.',
    '',
    'Relation calls: `add_`/`remove_` take `{id, relation_id (id or ids), return_effected}` and answer',
    'the related `[{id, label}]`, or `{entity, entities, relations}` with `return_effected`; `sync_`',
    'takes `{<id key> or id, relations: [ids]}` and answers the ids; `get_` answers `[{id, label}]`.',
    '',
    ...ENTITIES.map(entitySection),
  ].join('\n');
}
