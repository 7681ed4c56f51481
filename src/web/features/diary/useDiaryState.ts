/**
 * What the diary shows, kept in the address (so Back, a reload and a shared link show the same
 * page): the view, the date, columns by practitioner or by room (the day view), the practitioners
 * the week and month views show, the filters, colour by type or by status, and `book` (a patient to book for, from the patient screen's Book button).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DIARY_VIEWS, stepDate, todayIn, type DiaryView } from './diaryTime';

export type ColumnsBy = 'practitioner' | 'room';
export type ColourBy = 'type' | 'status';

const columnsOf = (value: string | null): ColumnsBy => (value === 'room' ? 'room' : 'practitioner');
const colourOf = (value: string | null): ColourBy => (value === 'status' ? 'status' : 'type');
const idOrNull = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);
const idList = (value: string | null) =>
  (value ?? '')
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);

export function useDiaryState(zone: string) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => {
    const view = params.get('view');
    const date = params.get('date');
    return {
      view: (DIARY_VIEWS as readonly string[]).includes(view ?? '') ? (view as DiaryView) : 'day',
      date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayIn(zone),
      columnsBy: columnsOf(params.get('columns')),
      colourBy: colourOf(params.get('colour')),
      practitionerId: idOrNull(params.get('practitioner')),
      /** The week and month views' practitioners, side by side in each day ([] = the default). */
      shownIds: idList(params.get('shown')),
      locationId: idOrNull(params.get('location')),
      typeId: idOrNull(params.get('type')),
      bookPatientId: idOrNull(params.get('book')),
    };
  }, [params, zone]);

  const set = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Steady while the address is: the calendar (memoised) takes them.
  const setView = useCallback((view: DiaryView) => set({ view }), [set]);
  const setDate = useCallback((date: string) => set({ date }), [set]);

  return {
    ...state,
    setView,
    setDate,
    step: (direction: -1 | 1) => set({ date: stepDate(state.view, state.date, direction) }),
    today: () => set({ date: todayIn(zone) }),
    setColumnsBy: (columns: ColumnsBy) => set({ columns: columns === 'room' ? 'room' : null }),
    setColourBy: (colour: ColourBy) => set({ colour: colour === 'status' ? 'status' : null }),
    setPractitionerId: (id: number | null) => set({ practitioner: id }),
    setShownIds: (ids: readonly number[]) => set({ shown: ids.join(',') }),
    setLocationId: (id: number | null) => set({ location: id }),
    setTypeId: (id: number | null) => set({ type: id }),
    clearBooking: () => set({ book: null }),
  };
}
