/**
 * The diary's writes: move or resize (dragged), status, cancel, book. A drag paints the new time
 * at once (`moves`, applied over the shown range by ./useDiary.ts; the event marked as saving)
 * and goes to the server's `diary/move` with the row version the diary read, whose checks are
 * the booking's:
 * a clash or a change by someone else meanwhile is refused (409: its message shown, the
 * appointment snaps back); outside working hours or inside a break comes back as a warning, and
 * the move waits for a reason to override it with, or snaps back when staff decline. An
 * appointment of a series asks first which of the series move (this one, this and following,
 * all). A move saved takes the server's row into the shown range (its name, row version, room)
 * instead of reading the whole range again; other ranges (today's list, other weeks) are read
 * again, and a series' move reads them all.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { SeriesScope } from '../../../shared/diary/calls';
import type { AppointmentStatus } from '../../../shared/diary/statuses';
import { showToast } from '../../api/toasts';
import {
  diaryApi,
  type DiaryAppointment,
  type MoveRequest,
  type RangeAnswer,
  type ShownMove,
  type WriteOutcome,
} from './diaryApi';
import { createSavingMarks } from './savingMarks';
import { DIARY_RANGE_KEY } from './useDiaryRange';

type RangeKey = readonly unknown[];

interface PendingOverride {
  request: MoveRequest;
  text: string;
}

export function useAppointmentWrites(rangeKey: RangeKey) {
  const client = useQueryClient();
  const [pendingOverride, setPendingOverride] = useState<PendingOverride | null>(null);
  const [pendingScope, setPendingScope] = useState<MoveRequest | null>(null);
  const [savingMarks] = useState(createSavingMarks);
  // React state, not the query cache: set in the drop's own event, it is drawn in the same
  // render as the calendar's end of drag (a cache change is drawn a task later, a second render).
  const [moves, setMoves] = useState<ReadonlyMap<number, ShownMove>>(new Map());

  const showMove = useCallback((id: number, move: ShownMove | null) => {
    setMoves((now) => {
      const next = new Map(now);
      if (move) next.set(id, move);
      else next.delete(id);
      return next;
    });
  }, []);

  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: DIARY_RANGE_KEY }),
    [client],
  );

  /** Takes the saved rows into the shown range; the other ranges are read again. */
  const keepSaved = useCallback(
    (saved: readonly SavedAppointment[]) => {
      const shown = JSON.stringify(rangeKey);
      client.setQueryData<RangeAnswer>(rangeKey, (answer) => {
        if (!answer) return answer;
        const byId = new Map(saved.map((row) => [row.appointment_id, row]));
        return {
          ...answer,
          appointments: answer.appointments.map((row) => {
            const after = byId.get(row.appointment_id);
            return after ? { ...row, ...after } : row;
          }),
        };
      });
      return client.invalidateQueries({
        queryKey: DIARY_RANGE_KEY,
        predicate: (query) => JSON.stringify(query.queryKey) !== shown,
      });
    },
    [client, rangeKey],
  );

  /** Sends the move; keeps it or snaps it back by its outcome. */
  const send = useCallback(
    async (request: MoveRequest) => {
      const id = request.appointment_id;
      savingMarks.set(id, true);
      let outcome: WriteOutcome;
      try {
        outcome = await diaryApi.move(request);
      } catch {
        outcome = { kind: 'refused', text: 'The move was not saved.' };
      }
      savingMarks.set(id, false);
      if (outcome.kind === 'saved') {
        const saved = movedRows(outcome.data);
        // A series' other appointments may have come into or left the shown range.
        if (saved.length === 1 && !request.scope) void keepSaved(saved);
        else void refresh();
        return;
      }
      if (outcome.kind === 'warning') {
        setPendingOverride({ request, text: outcome.text });
        return;
      }
      showMove(id, null);
      showToast({ type: 'e', text: outcome.text });
    },
    [refresh, keepSaved, savingMarks, showMove],
  );

  /** `inSeries`: the appointment repeats; the move waits for which of the series move. */
  const move = useCallback(
    (moving: MoveRequest, inSeries = false) => {
      const shown = client.getQueryData<RangeAnswer>(rangeKey);
      const seen = shown?.appointments.find((a) => a.appointment_id === moving.appointment_id);
      const request = seen ? { ...moving, row_version: seen.row_version } : moving;
      showMove(request.appointment_id, { request, fromVersion: seen?.row_version ?? 0 });
      if (inSeries) setPendingScope(request);
      else void send(request);
    },
    [client, rangeKey, showMove, send],
  );

  const chooseScope = useCallback(
    (scope: SeriesScope) => {
      if (!pendingScope) return;
      setPendingScope(null);
      void send({ ...pendingScope, scope });
    },
    [pendingScope, send],
  );

  const dismissScope = useCallback(() => {
    if (!pendingScope) return;
    showMove(pendingScope.appointment_id, null);
    setPendingScope(null);
  }, [pendingScope, showMove]);

  const confirmOverride = useCallback(
    (reason: string) => {
      if (!pendingOverride) return;
      setPendingOverride(null);
      void send({ ...pendingOverride.request, override_reason: reason });
    },
    [pendingOverride, send],
  );

  const dismissOverride = useCallback(() => {
    if (!pendingOverride) return;
    showMove(pendingOverride.request.appointment_id, null);
    setPendingOverride(null);
  }, [pendingOverride, showMove]);

  /** A status change or a cancel: the server's refusal is shown, the diary read again. */
  const settle = useCallback(
    async (outcome: Promise<WriteOutcome>, done: string) => {
      const result = await outcome.catch((): WriteOutcome => ({
        kind: 'refused',
        text: 'Nothing was saved.',
      }));
      if (result.kind === 'saved') showToast({ type: 's', text: done });
      else showToast({ type: 'e', text: result.text });
      await refresh();
      return result.kind === 'saved';
    },
    [refresh],
  );

  // Steady: today's list (memoised) takes setStatus.
  const setStatus = useCallback(
    (id: number, status: AppointmentStatus, label: string) =>
      settle(diaryApi.setStatus(id, status), `Marked ${label}.`),
    [settle],
  );
  const cancel = useCallback(
    (id: number, reason: string, scope?: SeriesScope) =>
      settle(
        diaryApi.cancel(id, reason, scope),
        scope && scope !== 'this' ? 'Appointments cancelled.' : 'Appointment cancelled.',
      ),
    [settle],
  );

  return {
    savingMarks,
    moves,
    move,
    pendingOverride,
    confirmOverride,
    dismissOverride,
    scopeAsked: pendingScope !== null,
    chooseScope,
    dismissScope,
    setStatus,
    cancel,
    refresh,
  };
}

export type AppointmentWrites = ReturnType<typeof useAppointmentWrites>;

/** What a move changes of an appointment as the diary shows it. */
type SavedAppointment = Pick<
  DiaryAppointment,
  | 'appointment_id'
  | 'appointment_name'
  | 'practitioner_id'
  | 'practitioner_name'
  | 'location_id'
  | 'room_id'
  | 'room_name'
  | 'start'
  | 'end'
  | 'override_reason'
  | 'row_version'
>;

/** The rows `diary/move` answers (the generic row, its references' labels beside). */
function movedRows(data: unknown): SavedAppointment[] {
  const rows = (data as { appointments?: Array<Record<string, unknown>> } | null)?.appointments;
  const id = (value: unknown) => (typeof value === 'number' ? value : null);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return (rows ?? []).flatMap((row): SavedAppointment[] => {
    const appointmentId = id(row.appointment_id);
    const practitionerId = id(row.appointment_practitioner_id);
    if (appointmentId === null || practitionerId === null) return [];
    return [
      {
        appointment_id: appointmentId,
        appointment_name: text(row.appointment_name),
        practitioner_id: practitionerId,
        practitioner_name: text(row.appointment_practitioner_id_label),
        location_id: id(row.appointment_location_id),
        room_id: id(row.appointment_room_id),
        room_name: text(row.appointment_room_id_label) || null,
        start: text(row.appointment_start),
        end: text(row.appointment_end),
        override_reason: text(row.appointment_override_reason),
        row_version: id(row._version) ?? 0,
      },
    ];
  });
}
