/**
 * What an editor edits: a record of the entity store, the user's preferences, or the values of a
 * new row before it is added. The editor and its field renderers only know this shape, so one
 * editor serves all three.
 */
import { createContext, useContext } from 'react';
import type { EntityDefinition, FieldDefinition } from '../../../shared/entities';
import type { ItemState, Row } from '../model/types';

export interface EditorSource {
  definition: EntityDefinition;
  values: Row;
  items: Record<string, ItemState>;
  /**
   * Messages the editor's owner places beside fields (the add dialog's: a required value left
   * empty, the server's refusal naming a field); a new object replaces the fields' own messages.
   */
  errors?: Readonly<Record<string, string>>;
  /** Saves one value; answers the refusal text, or null when it was stored. */
  save: (field: FieldDefinition, value: unknown) => Promise<string | null>;
  /** Why every field of the record is disabled (locked, or no privilege to change), if so. */
  notice?: string | null;
  /** True for a stored row: relations, buttons and slots act on it. */
  record: boolean;
  sectionOpen: (key: string, startsClosed: boolean) => boolean;
  setSectionOpen: (key: string, open: boolean) => void;
}

export const SourceContext = createContext<EditorSource | null>(null);

export function useSource(): EditorSource {
  const source = useContext(SourceContext);
  if (!source) throw new Error('A field was drawn outside an editor.');
  return source;
}
