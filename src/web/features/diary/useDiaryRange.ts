/**
 * The appointments and the working time of the shown period, read from the server (TanStack
 * Query; the diary's writes invalidate `DIARY_RANGE_KEY`). Working time is turned into the test
 * the calendar shades by: is this slot inside a stretch the column's practitioner works?
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { diaryApi, type RangeFilters, type WorkingStretch } from './diaryApi';
import { viewRange, type DiaryView } from './diaryTime';

export const DIARY_RANGE_KEY = ['diary', 'range'] as const;
const AVAILABILITY_KEY = ['diary', 'availability'] as const;

export const rangeKey = (from: string, to: string, filters: RangeFilters) =>
  [...DIARY_RANGE_KEY, from, to, filters] as const;

const ms = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));

export function useDiaryRange(view: DiaryView, date: string, zone: string, filters: RangeFilters) {
  const { from, to } = viewRange(view, date, zone);
  const key = rangeKey(from, to, filters);
  const appointments = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => diaryApi.range(from, to, filters, signal),
    placeholderData: keepPreviousData,
  });
  const ids = filters.practitioner_ids ?? [];
  const availability = useQuery({
    queryKey: [...AVAILABILITY_KEY, from, to, ids],
    queryFn: () => diaryApi.availability(from.slice(0, 10), to.slice(0, 10), ids),
    enabled: view !== 'month',
    staleTime: 60_000,
  });
  const working = useMemo(
    () => byPractitioner(availability.data?.working ?? []),
    [availability.data],
  );
  return {
    key,
    appointments: appointments.data ?? [],
    loading: appointments.isPending,
    failed: appointments.isError,
    /** Whether availability is known; until then nothing is shaded. */
    availabilityKnown: availability.isSuccess,
    working,
  };
}

/** Working stretches in epoch ms, per practitioner. */
function byPractitioner(stretches: readonly WorkingStretch[]) {
  const map = new Map<number, Array<[number, number]>>();
  for (const s of stretches) {
    const list = map.get(s.practitioner_id) ?? [];
    list.push([ms(s.start), ms(s.end)]);
    map.set(s.practitioner_id, list);
  }
  return map;
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
