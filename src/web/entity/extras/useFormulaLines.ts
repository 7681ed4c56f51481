/**
 * The lines of a formula as the editor holds them: read with prescriptions/get_lines and saved as
 * a whole with save_lines whenever a line changes. A line that names neither a herb nor a
 * dispensary product yet stays on screen only; the complete lines around it are saved all the
 * same, so removing a line is saved even while a new, empty line is open (it used to wait for
 * the empty line, and a reload brought the removed line back).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrescriptionLine } from '../../../shared/entities/prescription-lines';
import { call } from '../../api/client';
import { useEntityScope } from '../hooks/entityContext';
import type { Row } from '../model/types';
import { lineIsComplete, linePayload, lineValues } from './lineDefinition';

type Lines = Row[];

/** What save_lines is sent for these lines: the complete ones, in order. */
const payloadOf = (lines: readonly Row[]) => lines.filter(lineIsComplete).map(linePayload);

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The lines on screen with the saved ones (their new ids and labels) in place of the complete
 * lines, the unsaved lines left where they stand.
 */
function withSavedLines(current: readonly Row[], saved: readonly Row[]): Lines {
  let next = 0;
  return current.map((line) => (lineIsComplete(line) ? (saved[next++] ?? line) : line));
}

export function useFormulaLines(prescriptionId: number) {
  const { store } = useEntityScope();
  const [lines, setLines] = useState<Lines | null>(null);
  // What the server holds (or was last sent): a change of an unsaved line alone sends nothing.
  const sent = useRef<unknown>(null);
  // Saves go out one after another, so the server stores them in the order they were made.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    let live = true;
    void call<PrescriptionLine[]>(
      'prescriptions/get_lines',
      { prescription_id: prescriptionId },
      { quiet: true },
    )
      .then((reply) => {
        if (!live) return;
        const read = reply.result ? reply.data.map(lineValues) : [];
        sent.current = payloadOf(read);
        setLines(read);
      })
      .catch(() => live && setLines([]));
    return () => {
      live = false;
    };
  }, [prescriptionId]);
  const save = useCallback(
    async (next: Lines): Promise<string | null> => {
      setLines(next);
      const payload = payloadOf(next);
      if (sameJson(payload, sent.current)) return null;
      sent.current = payload;
      const request = queue.current.then(() =>
        call<{ entity: Row; lines: PrescriptionLine[] }>(
          'prescriptions/save_lines',
          { prescription_id: prescriptionId, lines: payload },
          { silent: true },
        ).catch(() => null),
      );
      queue.current = request;
      const reply = await request;
      if (!reply?.result) {
        sent.current = null; // unknown now: the next change sends the lines again
        return reply?.messages[0]?.text ?? 'The lines were not saved.';
      }
      const saved = reply.data.lines.map(lineValues);
      // Only onto the lines this save was made of: a later change has its own save on the way.
      setLines((current) =>
        current && sameJson(payloadOf(current), payload) ? withSavedLines(current, saved) : current,
      );
      store.getState().storeRow(reply.data.entity);
      return null;
    },
    [prescriptionId, store],
  );
  return { lines, save };
}
