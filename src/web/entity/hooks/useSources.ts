/**
 * The three things an editor edits (../fields/source.ts): the selected record (saved field by
 * field with `update`; a refusal that does not name the field reloads the row, so a row deleted
 * elsewhere turns into Not Found), the user's preferences, and the values of a row being added.
 * The record's saves are tracked for the editor's status line (./useSaveState.ts).
 */
import { useCallback, useMemo, useState } from 'react';
import type { EntityDefinition } from '../../../shared/entities';
import type { EditorSource } from '../fields/source';
import { lockText } from '../../../shared/entities/locks';
import { allowed, noPrivilegeText } from '../model/permissions';
import { idOf } from '../model/rows';
import type { ItemState, Row } from '../model/types';
import { useEntityScope, useEntityState } from './entityContext';
import { useSaveState, type SaveOutcome, type SaveState } from './useSaveState';

export function useRecordSource(): { source: EditorSource; saving: SaveState } {
  const { definition, store } = useEntityScope();
  const selected = useEntityState((s) => s.selected_object);
  const values = useMemo(() => selected ?? {}, [selected]);
  const items = useEntityState((s) => s.items);
  const sections = useEntityState((s) => s.sections);
  const mayUpdate = useEntityState((s) => allowed(definition, s.viewer, 'update'));
  const notice =
    lockText(definition, values) ?? (mayUpdate ? null : noPrivilegeText(definition, 'change'));
  const send = useCallback(
    async (field: string, value: unknown): Promise<SaveOutcome> => {
      const actions = store.getState();
      const reply = await actions.updateField(field, value);
      if (!reply) return { refusal: null, handedOver: store.getState().conflict !== null };
      if (reply.ok) return { refusal: null };
      const id = idOf(definition, actions.selected_object);
      if (!reply.field && id !== null) void actions.loadRow(id);
      return { refusal: reply.message };
    },
    [definition, store],
  );
  const saving = useSaveState(send);
  const save = saving.save;
  const source = useMemo(
    (): EditorSource => ({
      definition,
      values,
      items,
      notice,
      save: (field, value) => save(field.name, value),
      record: true,
      sectionOpen: (key, startsClosed) => sections[key] ?? !startsClosed,
      setSectionOpen: (key, open) => store.getState().setSectionOpen(key, open),
    }),
    [definition, values, items, notice, save, sections, store],
  );
  return { source, saving };
}

/** Open state of sections kept by the editor itself (preferences, the add dialog). */
function useLocalSections() {
  const [sections, setSections] = useState<Record<string, boolean>>({});
  return {
    sectionOpen: (key: string, startsClosed: boolean) => sections[key] ?? !startsClosed,
    setSectionOpen: (key: string, open: boolean) => setSections((s) => ({ ...s, [key]: open })),
  };
}

export function useValuesSource(
  definition: EntityDefinition,
  values: Row,
  save: (field: string, value: unknown) => Promise<string | null>,
  items: Record<string, ItemState> = {},
  errors?: Readonly<Record<string, string>>,
): EditorSource {
  const local = useLocalSections();
  return {
    definition,
    values,
    items,
    ...(errors ? { errors } : {}),
    save: (field, value) => save(field.name, value),
    record: false,
    ...local,
  };
}
