/**
 * What a typed-into field shows: the stored value, or the user's draft while editing. A saved
 * draft gives way to the stored value; a refused one stays, marked by its message, so that what
 * the user typed is never silently dropped. A draft belongs to the record it was typed on.
 */
import { useCallback, useContext, useState } from 'react';
import { SourceContext } from './source';

interface Draft {
  scope: unknown;
  text: string;
}

/** The record a field edits: its id (null for values that are not a record's). */
export function useRecordScope(): unknown {
  const source = useContext(SourceContext);
  return source?.values[source.definition.keys.id] ?? null;
}

export function useDraft(stored: string, save: (text: string) => Promise<boolean>) {
  const scope = useRecordScope();
  const [draft, setDraft] = useState<Draft | null>(null);
  const text = draft !== null && draft.scope === scope ? draft.text : null;
  const commit = useCallback(async () => {
    if (text === null || text === stored) {
      setDraft(null);
      return;
    }
    if (await save(text)) setDraft(null);
  }, [text, stored, save]);
  const change = useCallback((next: string) => setDraft({ scope, text: next }), [scope]);
  return { text: text ?? stored, editing: text !== null, change, commit };
}
