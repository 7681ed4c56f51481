/**
 * The diary's writes: move or resize (dragged), status, cancel, book. A drag paints the new time
 * at once (the range's cached answer is changed in place) and goes to the server's `diary/move`,
 * whose checks are the booking's: a clash is refused (its message shown, the appointment snaps
 * back); outside working hours or inside a break comes back as a warning, and the move waits for
 * a reason to override it with, or snaps back when staff decline. An appointment of a series asks
 * first which of the series move (this one, this and following, all).
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
  type WriteOutcome,
} from './diaryApi';
import { DIARY_RANGE_KEY } from './useDiaryRange';

type RangeKey = readonly unknown[];

interface PendingOverride {
  request: MoveRequest;
  text: string;
  previous: RangeAnswer | undefined;
}

export function useAppointmentWrites(rangeKey: RangeKey) {
  const client = useQueryClient();
  const [pendingOverride, setPendingOverride] = useState<PendingOverride | null>(null);
  const [pendingScope, setPendingScope] = useState<Omit<PendingOverride, 'text'> | null>(null);
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());

  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: DIARY_RANGE_KEY }),
    [client],
  );

  const mark = (id: number, on: boolean) =>
    setSaving((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Sends the move; paints or restores by its outcome. */
  const send = useCallback(
    async (request: MoveRequest, previous: RangeAnswer | undefined) => {
      mark(request.appointment_id, true);
      let outcome: WriteOutcome;
      try {
        outcome = await diaryApi.move(request);
      } catch {
        outcome = { kind: 'refused', text: 'The move was not saved.' };
      }
      mark(request.appointment_id, false);
      if (outcome.kind === 'saved') {
        void refresh();
        return;
      }
      if (outcome.kind === 'warning') {
        setPendingOverride({ request, text: outcome.text, previous });
        return;
      }
      client.setQueryData(rangeKey, previous);
      showToast({ type: 'e', text: outcome.text });
    },

    [client, rangeKey, refresh],
  );

  /** Changes one appointment in the shown range's cached answer. */
  const patch = useCallback(
    (changes: Partial<DiaryAppointment> & { appointment_id?: number }) =>
      client.setQueryData<RangeAnswer>(rangeKey, (answer) =>
        answer
          ? {
              ...answer,
              appointments: answer.appointments.map((row) =>
                row.appointment_id === changes.appointment_id ? { ...row, ...changes } : row,
              ),
            }
          : answer,
      ),
    [client, rangeKey],
  );

  /** `inSeries`: the appointment repeats; the move waits for which of the series move. */
  const move = useCallback(
    (request: MoveRequest, inSeries = false) => {
      const previous = client.getQueryData<RangeAnswer>(rangeKey);
      patch({
        appointment_id: request.appointment_id,
        start: request.start,
        end: request.end,
        ...(request.practitioner_id ? { practitioner_id: request.practitioner_id } : {}),
        ...(request.room_id !== undefined ? { room_id: request.room_id } : {}),
      });
      if (inSeries) setPendingScope({ request, previous });
      else void send(request, previous);
    },
    [client, rangeKey, patch, send],
  );

  const chooseScope = useCallback(
    (scope: SeriesScope) => {
      if (!pendingScope) return;
      setPendingScope(null);
      void send({ ...pendingScope.request, scope }, pendingScope.previous);
    },
    [pendingScope, send],
  );

  const dismissScope = useCallback(() => {
    if (!pendingScope) return;
    client.setQueryData(rangeKey, pendingScope.previous);
    setPendingScope(null);
  }, [client, rangeKey, pendingScope]);

  const confirmOverride = useCallback(
    (reason: string) => {
      if (!pendingOverride) return;
      setPendingOverride(null);
      void send({ ...pendingOverride.request, override_reason: reason }, pendingOverride.previous);
    },
    [pendingOverride, send],
  );

  const dismissOverride = useCallback(() => {
    if (!pendingOverride) return;
    client.setQueryData(rangeKey, pendingOverride.previous);
    setPendingOverride(null);
  }, [client, rangeKey, pendingOverride]);

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

  return {
    saving,
    move,
    pendingOverride,
    confirmOverride,
    dismissOverride,
    scopeAsked: pendingScope !== null,
    chooseScope,
    dismissScope,
    setStatus: (id: number, status: AppointmentStatus, label: string) =>
      settle(diaryApi.setStatus(id, status), `Marked ${label}.`),
    cancel: (id: number, reason: string, scope?: SeriesScope) =>
      settle(
        diaryApi.cancel(id, reason, scope),
        scope && scope !== 'this' ? 'Appointments cancelled.' : 'Appointment cancelled.',
      ),
    refresh,
  };
}

export type AppointmentWrites = ReturnType<typeof useAppointmentWrites>;
