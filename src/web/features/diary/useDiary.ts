/**
 * The diary page's logic in one place: what is shown (from the address), the day view's columns
 * (all practitioners or rooms, the filtered one, or on a phone the one chosen), the week and month
 * views' practitioners (days are their columns, the chosen practitioners side by side in each day,
 * as clinic systems do: a week of every practitioner's columns was 140 columns and too slow), the
 * events and their colours, the shading of time nobody works, and what a click, a drop and a key
 * press do.
 */
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { calendarColumns } from './calendarColumns';
import { colourOf, toEvents, type CalendarEvent } from './calendarEvents';
import type { DropChoice, SlotChoice } from './DiaryCalendar';
import { SLOT_MINUTES } from './DiaryCalendar';
import { toIso, type DiaryView } from './diaryTime';
import type { DiaryAppointment } from './diaryApi';
import { useAppointmentWrites } from './useAppointmentWrites';
import { isWorking, useDiaryRange } from './useDiaryRange';
import { useClinicZone, useDiaryReference } from './useDiaryReference';
import { useDiaryState } from './useDiaryState';
import { useSession } from '../../session/store';
import { useTodayList } from './useTodayList';

/** A booking the form opens with: the clicked slot and column, or a patient to book for. */
export interface BookingStart {
  start: string | null;
  practitionerId: number | null;
  roomId: number | null;
  patientId: number | null;
}

/**
 * At most this many practitioners side by side in a week's day: 20 made lanes 6 px wide and took
 * 1.1–1.7 s from answer to painted (600 appointments), against 300 ms; the day view shows them all.
 */
export const WEEK_PRACTITIONERS_MAX = 6;

export function useDiary() {
  const zone = useClinicZone();
  const state = useDiaryState(zone);
  const reference = useDiaryReference();
  const phone = useMediaQuery('(max-width: 40em)') ?? false;
  // On a phone the day view shows one column; which one is chosen above the calendar.
  const [phoneColumn, setPhoneColumn] = useState<number | null>(null);
  const view: DiaryView = phone && state.view === 'week' ? 'day' : state.view;
  const byDay = view === 'day';

  // The week and month views' practitioners: those chosen, else the signed-in user if a
  // practitioner, else the first practitioner. Null until that is known: a week read with no
  // practitioner named is every practitioner's, read and drawn for nothing (≈ 500 appointments
  // drawn and thrown away before the one practitioner's week, in the bench). Those the address
  // names are read at once, and checked against the practitioners once these are in.
  const me = useSession((s) => s.user?.user_id ?? null);
  const practitionersKnown = !reference.practitionersLoading;
  const weekIds = useMemo((): number[] | null => {
    const named = state.shownIds.slice(0, WEEK_PRACTITIONERS_MAX);
    if (!practitionersKnown) return named.length ? named : null;
    const known = new Set(reference.practitioners.map((p) => p.id));
    const chosen = named.filter((id) => known.has(id));
    if (chosen.length) return chosen;
    const first = me !== null && known.has(me) ? me : reference.practitioners[0]?.id;
    return first === undefined ? [] : [first];
  }, [state.shownIds, practitionersKnown, reference.practitioners, me]);
  const shownIds = useMemo(() => weekIds ?? [], [weekIds]);

  const filters = useMemo(() => {
    const ids = byDay ? (state.practitionerId ? [state.practitionerId] : []) : shownIds;
    return {
      ...(ids.length ? { practitioner_ids: ids } : {}),
      ...(state.locationId ? { location_id: state.locationId } : {}),
      ...(state.typeId ? { appointment_type_id: state.typeId } : {}),
    };
  }, [byDay, shownIds, state.practitionerId, state.locationId, state.typeId]);
  const range = useDiaryRange(view, state.date, zone, filters, byDay || weekIds !== null);
  const writes = useAppointmentWrites(range.key);
  const columns = useMemo(
    () =>
      calendarColumns({
        columnsBy: state.columnsBy,
        practitioners: reference.practitioners,
        rooms: range.rooms.map((r) => ({ id: r.location_id, name: r.name, siteId: r.site_id })),
        practitionerId: state.practitionerId,
        locationId: state.locationId,
        only: phone ? phoneColumn : undefined,
      }),
    [
      state.columnsBy,
      state.practitionerId,
      state.locationId,
      reference.practitioners,
      range.rooms,
      phone,
      phoneColumn,
    ],
  );

  const columnIds = useMemo(() => new Set(columns.all.map((c) => c.id)), [columns.all]);
  const events = useMemo(
    () =>
      toEvents(range.appointments, state.columnsBy, !byDay && shownIds.length > 1).filter(
        (e) => !byDay || e.resourceId === null || columnIds.has(e.resourceId),
      ),
    [range.appointments, state.columnsBy, byDay, shownIds.length, columnIds],
  );

  const today = useTodayList(zone);
  const [opened, setOpened] = useState<DiaryAppointment | null>(null);
  const [booking, setBooking] = useState<BookingStart | null>(null);
  const bookFor = state.bookPatientId;
  const bookingShown: BookingStart | null =
    booking ??
    (bookFor ? { start: null, practitionerId: null, roomId: null, patientId: bookFor } : null);

  const onSelectSlot = useCallback(
    (slot: SlotChoice) => {
      const byRoom = byDay && state.columnsBy === 'room';
      const weekPractitioner = shownIds.length === 1 ? (shownIds[0] ?? null) : null;
      setBooking({
        start: toIso(slot.start, zone),
        practitionerId: !byDay ? weekPractitioner : byRoom ? state.practitionerId : slot.resourceId,
        roomId: byRoom ? slot.resourceId : null,
        patientId: bookFor,
      });
    },
    [byDay, shownIds, state.columnsBy, state.practitionerId, zone, bookFor],
  );

  const onDrop = useCallback(
    ({ event, start, end, resourceId }: DropChoice) => {
      const byRoom = state.columnsBy === 'room';
      const moved = resourceId !== null && resourceId !== event.resourceId;
      writes.move(
        {
          appointment_id: event.id,
          start: toIso(start, zone),
          end: toIso(end, zone),
          ...(moved && !byRoom ? { practitioner_id: resourceId } : {}),
          ...(moved && byRoom ? { room_id: resourceId } : {}),
        },
        event.appointment.series_id !== null,
      );
    },
    [state.columnsBy, writes, zone],
  );

  const colourFor = useCallback(
    (event: CalendarEvent) => colourOf(event.appointment, state.colourBy),
    [state.colourBy],
  );

  // Shaded: the column's practitioner does not work then; in the week view, none of those shown.
  const isClosed = useCallback(
    (start: Date, resourceId: number | null) => {
      if (!range.availabilityKnown) return false;
      if (!byDay) return !shownIds.some((id) => isWorking(range.working, id, start, SLOT_MINUTES));
      return (
        state.columnsBy === 'practitioner' &&
        resourceId !== null &&
        !isWorking(range.working, resourceId, start, SLOT_MINUTES)
      );
    },
    [byDay, shownIds, state.columnsBy, range.availabilityKnown, range.working],
  );

  /** Arrow keys move the date while the focus is not in a field. */
  const onKeyDown = useCallback(
    (e: React.KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, select, [role="combobox"], [role="listbox"]')) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        state.step(e.key === 'ArrowLeft' ? -1 : 1);
      }
    },
    [state],
  );

  // The opened appointment as last read (a status change reads the ranges again).
  const openId = opened?.appointment_id;
  const openAppointment =
    openId === undefined
      ? null
      : (range.appointments.find((a) => a.appointment_id === openId) ??
        today.rows.find((a) => a.appointment_id === openId) ??
        opened);

  return {
    zone,
    state,
    view,
    phone,
    reference,
    columns: byDay ? columns.shown : undefined,
    shownIds,
    columnChoice: { options: columns.all, value: phoneColumn ?? columns.all[0]?.id ?? null },
    setPhoneColumn,
    events,
    loading: range.loading,
    failed: range.failed,
    writes,
    colourOf: colourFor,
    isClosed,
    onSelectSlot,
    onDrop,
    onKeyDown,
    today,
    open: (appointment: DiaryAppointment) => setOpened(appointment),
    openAppointment,
    closeAppointment: () => setOpened(null),
    booking: bookingShown,
    startBooking: () =>
      setBooking({
        start: null,
        practitionerId: state.practitionerId,
        roomId: null,
        patientId: bookFor,
      }),
    closeBooking: () => {
      setBooking(null);
      if (bookFor) state.clearBooking();
    },
  };
}

export type Diary = ReturnType<typeof useDiary>;
