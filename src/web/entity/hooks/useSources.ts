/**
 * The three things an editor edits (../fields/source.ts): the selected record (saved field by
 * field with `update`; a refusal that does not name the field reloads the row, so a row deleted
 * elsewhere turns into Not Found), the user's preferences, and the values of a row being added.
 */
import { useCallback, useMemo, useState } from 'react';
import type { EntityDefinition, FieldDefinition } from '../../../shared/entities';
import type { EditorSource } from '../fields/source';
import { namesField, idOf } from '../model/rows';
import type { ItemState, Row } from '../model/types';
import { useEntityScope, useEntityState } from './entityContext';

export function useRecordSource(): EditorSource {
  const { definition, store } = useEntityScope();
  const selected = useEntityState((s) => s.selected_object);
  const values = useMemo(() => selected ?? {}, [selected]);
  const items = useEntityState((s) => s.items);
  const sections = useEntityState((s) => s.sections);
  const save = useCallback(
    async (field: FieldDefinition, value: unknown) => {
      const actions = store.getState();
      const reply = await actions.updateField(field.name, value);
      if (!reply || reply.ok) return null;
      const id = idOf(definition, actions.selected_object);
      if (!namesField(reply.message) && id !== null) void actions.loadRow(id);
      return reply.message;
    },
    [definition, store],
  );
  return useMemo(
    () => ({
      definition,
      values,
      items,
      save,
      record: true,
      sectionOpen: (key, startsClosed) => sections[key] ?? !startsClosed,
      setSectionOpen: (key, open) => store.getState().setSectionOpen(key, open),
    }),
    [definition, values, items, save, sections, store],
  );
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
): EditorSource {
  const local = useLocalSections();
  return {
    definition,
    values,
    items,
    save: (field, value) => save(field.name, value),
    record: false,
    ...local,
  };
}
