/**
 * What an editor's saves came to, for its quiet status line: "Saving…" while one is under way,
 * "Saved" once all have landed, "Not saved" (with the refused save kept for a retry) when the
 * last one failed. The editor's fields save when they are left; this is how the user knows.
 */
import { useCallback, useRef, useState } from 'react';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** A save's outcome: its refusal text (null: stored), and whether a dialog took it over. */
export interface SaveOutcome {
  refusal: string | null;
  /** A conflict: its dialog decides what happens, so the status line says nothing. */
  handedOver?: boolean;
}

type Save = (field: string, value: unknown) => Promise<SaveOutcome>;

export interface SaveState {
  status: SaveStatus;
  /** Sends the refused save again. */
  retry: () => void;
  /** The save to give the editor's source: tracked, answering the refusal text. */
  save: (field: string, value: unknown) => Promise<string | null>;
}

export function useSaveState(send: Save): SaveState {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const running = useRef(0);
  const failed = useRef<{ field: string; value: unknown } | null>(null);
  const save = useCallback(
    async (field: string, value: unknown) => {
      running.current += 1;
      setStatus('saving');
      const outcome = await send(field, value).catch((): SaveOutcome => ({
        refusal: 'The change was not saved.',
      }));
      running.current -= 1;
      if (outcome.refusal !== null) failed.current = { field, value };
      else if (failed.current?.field === field) failed.current = null;
      if (running.current === 0) {
        setStatus(failed.current ? 'failed' : outcome.handedOver ? 'idle' : 'saved');
      }
      return outcome.refusal;
    },
    [send],
  );
  const retry = useCallback(() => {
    const again = failed.current;
    if (again) void save(again.field, again.value);
  }, [save]);
  return { status, retry, save };
}
