/**
 * The appointments and the working time of the shown period, read from the server (TanStack
 * Query; the diary's writes invalidate `DIARY_RANGE_KEY`). Working time is turned into the test
 * the calendar shades by: is this slot inside a stretch the column's practitioner works?
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DateTime } from 'luxon';
import type { PractitionerAvailability } from '../../../shared/diary/availability';
import { diaryApi, type RangeFilters } from './diaryApi';
import { viewRange, type DiaryView } from './diaryTime';

export const DIARY_RANGE_KEY = ['diary', 'range'] as const;
const AVAILABILITY_KEY = ['diary', 'availability'] as const;

/** A range's cache key: its first and last clinic day and its filters. */
export const rangeKey = (from: string, to: string, filters: RangeFilters) =>
  [...DIARY_RANGE_KEY, from, to, filters] as const;

/** `enabled`: false while the filters are not known yet (the week's practitioners). */
export function useDiaryRange(
  view: DiaryView,
  date: string,
  zone: string,
  filters: RangeFilters,
  enabled = true,
) {
  const { from, to } = viewRange(view, date, zone);
  const firstDay = DateTime.fromISO(from, { zone }).toISODate() ?? '';
  const lastDay = DateTime.fromISO(to, { zone }).minus({ days: 1 }).toISODate() ?? '';
  const key = rangeKey(firstDay, lastDay, filters);
  const appointments = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => diaryApi.range(firstDay, lastDay, filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  const ids = filters.practitioner_ids ?? [];
  const availability = useQuery({
    queryKey: [...AVAILABILITY_KEY, firstDay, lastDay, ids],
    queryFn: () => diaryApi.availability(firstDay, lastDay, ids),
    enabled: enabled && view !== 'month',
    staleTime: 60_000,
  });
  const working = useMemo(
    () => byPractitioner(availability.data?.practitioners ?? []),
    [availability.data],
  );
  return {
    key,
    appointments: appointments.data?.appointments ?? [],
    rooms: appointments.data?.rooms ?? [],
    loading: appointments.isPending,
    failed: appointments.isError,
    /** Whether availability is known; until then nothing is shaded. */
    availabilityKnown: availability.isSuccess,
    working,
  };
}

/** Working stretches in epoch ms, per practitioner. */
function byPractitioner(practitioners: readonly PractitionerAvailability[]) {
  return new Map(
    practitioners.map((p) => [
      p.user_id,
      p.intervals.map((i): [number, number] => [Date.parse(i.start), Date.parse(i.end)]),
    ]),
  );
}

/** Whether [start, start + minutes) lies inside a stretch of the practitioner's work. */
export function isWorking(
  working: ReadonlyMap<number, ReadonlyArray<readonly [number, number]>>,
  practitionerId: number,
  start: Date,
  minutes: number,
): boolean {
  const from = start.getTime();
  const to = from + minutes * 60_000;
  return (working.get(practitionerId) ?? []).some(([a, b]) => a <= from && to <= b);
}
