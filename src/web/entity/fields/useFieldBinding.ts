/**
 * One field of an editor, UI-free: its stored value, whether it may change, and a save that
 * checks the shared rule first (the same message the server would give), sends only real
 * changes, and keeps the refusal to show beside the field.
 */
import { useCallback, useState } from 'react';
import type { FieldDefinition } from '../../../shared/entities';
import type { EditorSource } from './source';

const same = (a: unknown, b: unknown) =>
  a === b ||
  ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === ''));

interface FieldBinding {
  value: unknown;
  disabled: boolean;
  hint: string | undefined;
  error: string | null;
  setError: (error: string | null) => void;
  /** Answers false when the value was refused: the view then shows the stored value again. */
  save: (value: unknown) => Promise<boolean>;
}

export function useFieldBinding(field: FieldDefinition, source: EditorSource): FieldBinding {
  const [error, setError] = useState<string | null>(null);
  const value = source.values[field.name];
  const state = source.items[field.name] ?? { disabled: field.readOnly };
  const save = useCallback(
    async (next: unknown) => {
      const parsed = field.rule.safeParse(next);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'This value can not be used.');
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
    [field, source, value],
  );
  return {
    value,
    disabled: state.disabled,
    hint: state.hint ?? field.hint,
    error,
    setError,
    save,
  };
}
