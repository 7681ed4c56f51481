/**
 * What the list's actions and the editor's items allow: capability flags
 * from the definition, privileges of the viewer, and the state of the selection — and why not,
 * in the words the server would refuse with (a mandatory category, a node that takes no
 * children, a locked row), so that the control is disabled before the user acts.
 */
import type { EntityDefinition, FieldDefinition } from '../../../shared/entities';
import { lockText } from '../../../shared/entities/locks';
import {
  containText,
  hasChildrenText,
  mandatoryText,
  unkeyedText,
  unrenameableText,
} from '../../../shared/entities/row-rules';
import { ADMIN_GROUP_ID, MULTI_EDIT_MIN } from '../../../shared/limits';
import { ADMIN_GROUP_ONLY_TEXT } from '../../../shared/users';
import { grants, privilegeOf } from '../../../shared/privileges';
import type { EntityData, Id, ItemState, Row, Viewer } from './types';

type Verb = 'list' | 'insert' | 'update' | 'delete' | 'export';

/** Whether the viewer holds a route of the entity's module: a verb, or an extra item's route. */
export function allowed(
  definition: EntityDefinition,
  viewer: Viewer,
  route: Verb | (string & {}),
): boolean {
  return viewer.admin || grants(viewer.privileges, privilegeOf(definition.module, route));
}

type Selection = Pick<EntityData, 'selected_ids' | 'list_lookup' | 'loading' | 'viewer'> &
  Partial<Pick<EntityData, 'node_lookup'>>;

/**
 * Why an action's button is disabled (shown as its tooltip), or null when it is enabled. An empty
 * text: only a passing state (a list loading, nothing selected yet) disables it, which needs no
 * explanation.
 */
export type DisabledReason = string | null;

const NOTHING_TO_EXPLAIN: DisabledReason = '';

/** "You do not have the privilege to add herbs." */
export const noPrivilegeText = (definition: EntityDefinition, verb: string): string =>
  `You do not have the privilege to ${verb} ${definition.title.toLowerCase()}.`;

const rowOf = (state: Selection, id: Id): Row | undefined =>
  state.list_lookup[id] ?? state.node_lookup?.[id]?.row;

/** Export: its own privilege, which "View and search" does not imply (the server refuses alike). */
export const canExport = (definition: EntityDefinition, viewer: Viewer): boolean =>
  allowed(definition, viewer, 'export');

/** Insert: the capability, the privilege, and in a tree the selected node taking children. */
export function insertBlocked(definition: EntityDefinition, state: Selection): DisabledReason {
  if (!definition.capabilities.insert) return `${definition.title} can not be added here.`;
  if (!allowed(definition, state.viewer, 'insert')) return noPrivilegeText(definition, 'add');
  if (state.loading) return NOTHING_TO_EXPLAIN;
  const parentId = definition.tree ? state.selected_ids[0] : undefined;
  const parent = parentId === undefined ? undefined : rowOf(state, parentId);
  return parent ? containText(definition, parent) : null;
}

export const canInsert = (definition: EntityDefinition, state: Selection): boolean =>
  insertBlocked(definition, state) === null;

/**
 * Delete: the capability, the privilege, a selection, and each selected row deletable — its
 * secondary key set, not locked, not a mandatory node, no node left behind below it.
 */
export function deleteBlocked(definition: EntityDefinition, state: Selection): DisabledReason {
  if (!definition.capabilities.delete) return `${definition.title} can not be deleted here.`;
  if (!allowed(definition, state.viewer, 'delete')) return noPrivilegeText(definition, 'delete');
  if (state.loading || state.selected_ids.length === 0) return NOTHING_TO_EXPLAIN;
  const selected = new Set(state.selected_ids);
  for (const id of state.selected_ids) {
    const row = rowOf(state, id);
    if (!row) continue;
    const own =
      unkeyedText(definition, row) ?? lockText(definition, row) ?? mandatoryText(definition, row);
    if (own) return own;
    const below = state.node_lookup?.[id]?.children ?? [];
    if (below.some((child) => !selected.has(child.id))) return hasChildrenText(definition, row);
  }
  return null;
}

export const canDelete = (definition: EntityDefinition, state: Selection): boolean =>
  deleteBlocked(definition, state) === null;

export const canMultiEdit = (state: Pick<EntityData, 'selected_ids'>): boolean =>
  state.selected_ids.length >= MULTI_EDIT_MIN;

/** Copy (long-press on Add) needs exactly one selected row. */
export function canCopy(definition: EntityDefinition, state: Selection): boolean {
  return (
    definition.capabilities.copy && canInsert(definition, state) && state.selected_ids.length === 1
  );
}

const ADMIN_ONLY_HINT = 'Only administrators may change this.';

const isAdminGroup = (definition: EntityDefinition, row: Row | null): boolean =>
  definition.entities === 'groups' && row?.group_id === ADMIN_GROUP_ID;
const NO_PRIVILEGE_HINT = 'You do not have the privilege to do this.';

/** Why a field can not be changed on this row by this viewer, or that it can. */
export function fieldState(
  definition: EntityDefinition,
  field: FieldDefinition,
  row: Row | null,
  viewer: Viewer,
): ItemState {
  if (field.readOnly) return { disabled: true };
  // The editor says why once, above the fields (ReadOnlyNotice), not under each of them.
  if (!allowed(definition, viewer, 'update')) return { disabled: true };
  // The editor says why once, above the fields (RowLockNotice), not under each of them.
  if (lockText(definition, row)) return { disabled: true };
  if (field.adminOnly && !viewer.admin) return { disabled: true, hint: ADMIN_ONLY_HINT };
  // Group 1 is the administrators' own; the server refuses the rest (src/server/groups/admin-group.ts).
  if (isAdminGroup(definition, row) && !viewer.admin)
    return { disabled: true, hint: ADMIN_GROUP_ONLY_TEXT };
  const fixed =
    field.name === definition.keys.name && row ? unrenameableText(definition, row) : null;
  if (fixed) return { disabled: true, hint: fixed };
  return { disabled: false };
}

/** Field enablement, refreshed whenever a row loads. */
export function itemStates(
  definition: EntityDefinition,
  row: Row | null,
  viewer: Viewer,
): Record<string, ItemState> {
  const items: Record<string, ItemState> = {};
  for (const field of definition.fields)
    items[field.name] = fieldState(definition, field, row, viewer);
  const mayUpdate = allowed(definition, viewer, 'update');
  for (const relation of definition.relations) {
    items[relation.name] =
      relation.adminOnly && !viewer.admin
        ? { disabled: true, hint: ADMIN_ONLY_HINT }
        : { disabled: !mayUpdate };
  }
  // An extra item needs the route its definition declares (Print: list, Dispense: dispense), the
  // one the server checks its call against. A locked row keeps the buttons that only show it
  // (print) but not those that change it.
  const locked = lockText(definition, row) !== null;
  for (const extra of definition.extras) {
    const changes = extra.type === 'slot' || extra.call !== undefined;
    // A missing privilege is said on the button; a locked row once above the fields.
    items[extra.name] = !allowed(definition, viewer, extra.route)
      ? { disabled: true, hint: NO_PRIVILEGE_HINT }
      : { disabled: locked && changes };
  }
  return items;
}
