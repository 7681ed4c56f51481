/**
 * What the list's actions and the editor's items allow: capability flags
 * from the definition, privileges of the viewer, and the state of the selection.
 */
import type { EntityDefinition, FieldDefinition } from '../../../shared/entities';
import { lockText } from '../../../shared/entities/locks';
import { MULTI_EDIT_MIN } from '../../../shared/limits';
import { grants, privilegeOf } from '../../../shared/privileges';
import type { EntityData, ItemState, Row, Viewer } from './types';

type Verb = 'list' | 'insert' | 'update' | 'delete';

/** Whether the viewer holds a route of the entity's module: a verb, or an extra item's route. */
export function allowed(
  definition: EntityDefinition,
  viewer: Viewer,
  route: Verb | (string & {}),
): boolean {
  return viewer.admin || grants(viewer.privileges, privilegeOf(definition.module, route));
}

type Selection = Pick<EntityData, 'selected_ids' | 'list_lookup' | 'loading' | 'viewer'>;

/** Insert is disabled while loading or when not allowed. */
export function canInsert(definition: EntityDefinition, state: Selection): boolean {
  return (
    definition.capabilities.insert && !state.loading && allowed(definition, state.viewer, 'insert')
  );
}

/**
 * Delete needs a selection and is disabled while loading; with a secondary key every selected
 * row must have it set.
 */
export function canDelete(definition: EntityDefinition, state: Selection): boolean {
  if (!definition.capabilities.delete || state.loading || state.selected_ids.length === 0) {
    return false;
  }
  if (!allowed(definition, state.viewer, 'delete')) return false;
  const secondary = definition.keys.secondary;
  if (!secondary) return true;
  return state.selected_ids.every((id) => {
    const value = state.list_lookup[id]?.[secondary];
    return value !== null && value !== undefined && value !== '';
  });
}

export const canMultiEdit = (state: Pick<EntityData, 'selected_ids'>): boolean =>
  state.selected_ids.length >= MULTI_EDIT_MIN;

/** Copy (long-press on Add) needs exactly one selected row. */
export function canCopy(definition: EntityDefinition, state: Selection): boolean {
  return (
    definition.capabilities.copy && canInsert(definition, state) && state.selected_ids.length === 1
  );
}

const ADMIN_ONLY_HINT = 'Only administrators may change this.';

/** Why a field can not be changed on this row by this viewer, or that it can. */
export function fieldState(
  definition: EntityDefinition,
  field: FieldDefinition,
  row: Row | null,
  viewer: Viewer,
): ItemState {
  if (field.readOnly) return { disabled: true };
  if (!allowed(definition, viewer, 'update')) return { disabled: true };
  // The editor says why once, above the fields (RowLockNotice), not under each of them.
  if (lockText(definition, row)) return { disabled: true };
  if (field.adminOnly && !viewer.admin) return { disabled: true, hint: ADMIN_ONLY_HINT };
  const renameable = definition.tree?.renameable;
  if (renameable && field.name === definition.keys.name && row?.[renameable] === 0) {
    return { disabled: true, hint: 'This category can not be renamed.' };
  }
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
    items[extra.name] = {
      disabled: !allowed(definition, viewer, extra.route) || (locked && changes),
    };
  }
  return items;
}
