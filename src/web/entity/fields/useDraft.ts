/**
 * What a typed-into field shows: the stored value, or the user's draft while editing. Saving
 * ends the draft either way, so a refused value gives way to the stored one.
 */
import { useCallback, useState } from 'react';

export function useDraft(stored: string, save: (text: string) => Promise<boolean>) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = useCallback(async () => {
    if (draft === null || draft === stored) {
      setDraft(null);
      return;
    }
    await save(draft);
    setDraft(null);
  }, [draft, stored, save]);
  return { text: draft ?? stored, editing: draft !== null, change: setDraft, commit };
}
