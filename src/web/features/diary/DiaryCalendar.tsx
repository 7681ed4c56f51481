/**
 * The calendar itself: react-big-calendar (see docs/decisions/0060-diary-calendar-component.md)
 * with its drag-and-drop addon, columns per practitioner or room in the day view
 * (the week and month views' columns are the days), its dates worked out by Luxon in the clinic's zone. It only renders: what a click, a
 * drop or a resize means is decided by the hooks that own the data.
 */
import { DateTime, Settings } from 'luxon';
import { useCallback, useEffect, useMemo } from 'react';
import {
  Calendar,
  type EventPropGetter,
  type Formats,
  type SlotPropGetter,
} from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { isLive } from '../../../shared/diary/statuses';
import { clinicLocalizer } from './clinicLocalizer';
import type { CalendarColumn, CalendarEvent } from './calendarEvents';
import classes from './Diary.module.css';
import { dateOfDay, dayOf, type DiaryView } from './diaryTime';

// The addon is CommonJS only: the bundle hands over its whole exports, the dev server its default.
const withDragAndDrop: typeof dragAndDrop =
  (dragAndDrop as unknown as { default?: typeof dragAndDrop }).default ?? dragAndDrop;
const DnDCalendar = withDragAndDrop<CalendarEvent, CalendarColumn>(Calendar);

/** The slot a click or a drag snaps to, minutes. */
export const SLOT_MINUTES = 15;
const DAY_FROM_HOUR = 7;
const DAY_TO_HOUR = 21;

const span = (start: Date, end: Date) =>
  `${DateTime.fromJSDate(start).toFormat('HH:mm')}–${DateTime.fromJSDate(end).toFormat('HH:mm')}`;

const FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: ({ start, end }) => span(start, end),
  selectRangeFormat: ({ start, end }) => span(start, end),
  dayFormat: 'ccc d',
  dayHeaderFormat: 'cccc d LLLL',
  weekdayFormat: 'ccc',
};

export interface SlotChoice {
  start: Date;
  end: Date;
  resourceId: number | null;
}

export interface DropChoice {
  event: CalendarEvent;
  start: Date;
  end: Date;
  resourceId: number | null;
}

interface Props {
  view: DiaryView;
  date: string;
  zone: string;
  events: CalendarEvent[];
  /** Columns of the day view; none = one column a day. */
  columns: CalendarColumn[] | undefined;
  colourOf: (event: CalendarEvent) => string;
  isClosed: (start: Date, resourceId: number | null) => boolean;
  saving: ReadonlySet<number>;
  onNavigate: (date: string, view?: DiaryView) => void;
  onSelectSlot: (slot: SlotChoice) => void;
  onOpen: (event: CalendarEvent) => void;
  onDrop: (drop: DropChoice) => void;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const asId = (value: unknown) => (value === undefined || value === null ? null : Number(value));

export function DiaryCalendar(props: Props) {
  const { zone, view, date, colourOf, isClosed, saving } = props;
  // The component's date maths runs in Luxon's default zone: the clinic's, while the diary shows.
  const localizer = useMemo(() => clinicLocalizer(zone), [zone]);
  useEffect(
    () => () => {
      Settings.defaultZone = 'system';
    },
    [],
  );
  const shown = useMemo(() => dateOfDay(date, zone), [date, zone]);
  const bounds = useMemo(() => {
    const day = DateTime.fromJSDate(shown).setZone(zone);
    return {
      min: day.set({ hour: DAY_FROM_HOUR }).toJSDate(),
      max: day.set({ hour: DAY_TO_HOUR }).toJSDate(),
      scroll: day.set({ hour: 8 }).toJSDate(),
    };
  }, [shown, zone]);

  // Stable getters: a new one makes the component draw every column again.
  const eventProps = useCallback<EventPropGetter<CalendarEvent>>(
    (event) => ({
      className: [
        classes.event,
        isLive(event.appointment.status) ? '' : classes.cancelled,
        saving.has(event.id) ? classes.saving : '',
      ].join(' '),
      style: { '--event-colour': colourOf(event) } as React.CSSProperties,
    }),
    [colourOf, saving],
  );
  const slotProps = useCallback<SlotPropGetter>(
    (start, resourceId) => (isClosed(start, asId(resourceId)) ? { className: classes.closed } : {}),
    [isClosed],
  );

  const drop = (args: EventInteractionArgs<CalendarEvent>) =>
    props.onDrop({
      event: args.event,
      start: asDate(args.start),
      end: asDate(args.end),
      resourceId: asId(args.resourceId) ?? args.event.resourceId,
    });

  const withColumns = view === 'day' && props.columns !== undefined;
  return (
    <div className={classes.calendar} data-view={view}>
      <DnDCalendar
        localizer={localizer}
        formats={FORMATS}
        events={props.events}
        date={shown}
        view={view}
        views={['day', 'week', 'month']}
        toolbar={false}
        onNavigate={(next, nextView) =>
          props.onNavigate(dayOf(next, zone), nextView as DiaryView | undefined)
        }
        onView={() => undefined}
        onDrillDown={(next) => props.onNavigate(dayOf(next, zone), 'day')}
        step={SLOT_MINUTES}
        timeslots={60 / SLOT_MINUTES}
        min={bounds.min}
        max={bounds.max}
        scrollToTime={bounds.scroll}
        showMultiDayTimes
        popup
        selectable
        resizable
        resources={withColumns ? props.columns : undefined}
        resourceIdAccessor={(column) => column.id}
        resourceTitleAccessor={(column) => column.title}
        resourceAccessor={(event) => event.resourceId ?? undefined}
        tooltipAccessor={(event) => event.title}
        draggableAccessor={(event) => isLive(event.appointment.status)}
        resizableAccessor={(event) => isLive(event.appointment.status)}
        eventPropGetter={eventProps}
        slotPropGetter={slotProps}
        onSelectSlot={(slot) =>
          props.onSelectSlot({
            start: asDate(slot.start),
            end: asDate(slot.end),
            resourceId: asId(slot.resourceId),
          })
        }
        onSelectEvent={(event) => props.onOpen(event)}
        onKeyPressEvent={(event, e) => {
          const key = (e.nativeEvent as KeyboardEvent).key;
          if (key === 'Enter' || key === ' ') props.onOpen(event);
        }}
        onEventDrop={drop}
        onEventResize={drop}
      />
    </div>
  );
}
