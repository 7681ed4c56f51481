/**
 * One field of an editor, UI-free: its stored value, whether it may change, and a save that
 * checks the shared rule first (the same message the server would give), sends only real
 * changes, and keeps the refusal to show beside the field. Validation follows the value: once a
 * message shows, every change checks the value again, so a message never outlives its cause.
 * Messages belong to the record shown (another row starts clean) and give way to new ones the
 * editor's owner places (`source.errors`, the add dialog's).
 */
import { useCallback, useState } from 'react';
import type { FieldDefinition } from '../../../shared/entities';
import type { EditorSource } from './source';
import { useRecordScope } from './useDraft';

const same = (a: unknown, b: unknown) =>
  a === b ||
  ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === ''));

const NOT_USABLE_TEXT = 'This value can not be used.';

/** The rule's message for a value, or null when the value passes. */
function ruleMessage(field: FieldDefinition, value: unknown): string | null {
  const parsed = field.rule.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? NOT_USABLE_TEXT);
}

interface FieldBinding {
  value: unknown;
  disabled: boolean;
  hint: string | undefined;
  error: string | null;
  setError: (error: string | null) => void;
  /** The value changed (typing): a message showing is checked against it again. */
  follow: (value: unknown) => void;
  /** Answers false when the value was refused: the view keeps it, marked, for the user to fix. */
  save: (value: unknown) => Promise<boolean>;
}

/** A message set here, for one record and over one set of the owner's messages. */
interface OwnMessage {
  scope: unknown;
  basis: unknown;
  text: string | null;
}

export function useFieldBinding(field: FieldDefinition, source: EditorSource): FieldBinding {
  const scope = useRecordScope();
  const placed = source.errors;
  const [own, setOwn] = useState<OwnMessage | null>(null);
  const current = own !== null && own.scope === scope && own.basis === placed ? own : null;
  const error = current ? current.text : (placed?.[field.name] ?? null);
  const value = source.values[field.name];
  const state = source.items[field.name] ?? { disabled: field.readOnly };
  const setError = useCallback(
    (text: string | null) => setOwn({ scope, basis: placed, text }),
    [scope, placed],
  );
  const follow = useCallback(
    (next: unknown) => {
      if (error !== null) setError(ruleMessage(field, next));
    },
    [error, field, setError],
  );
  const save = useCallback(
    async (next: unknown) => {
      const parsed = field.rule.safeParse(next);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? NOT_USABLE_TEXT);
        return false;
      }
      if (same(parsed.data, value)) {
        setError(null);
        return true;
      }
      const refusal = await source.save(field, parsed.data);
      setError(refusal);
      return refusal === null;
    },
    [field, source, value, setError],
  );
  return {
    value,
    disabled: state.disabled,
    hint: state.hint ?? field.hint,
    error,
    setError,
    follow,
    save,
  };
}
