/**
 * The calendar itself: react-big-calendar (see docs/decisions/0060-diary-calendar-component.md)
 * with its drag-and-drop addon, columns per practitioner or room in the day view
 * (the week and month views' columns are the days), its dates worked out by Luxon in the clinic's zone. It only renders: what a click, a
 * drop or a resize means is decided by the hooks that own the data.
 */
import { DateTime, Settings } from 'luxon';
import { memo, useCallback, useEffect, useMemo } from 'react';
import {
  Calendar,
  type Components,
  type EventPropGetter,
  type SlotPropGetter,
} from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { isLive } from '../../../shared/diary/statuses';
import { clinicLocalizer } from './clinicLocalizer';
import { EventContent } from './savingMarks';
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
/**
 * Appointments this short (at the hour's 56 px in Diary.module.css: 28 px, or the component's
 * 20 px floor) have no room for the time above the name: they are one line, start time then name.
 */
const ONE_LINE_MINUTES = 30;
const isOneLine = (event: CalendarEvent) => +event.end - +event.start <= ONE_LINE_MINUTES * 60_000;

/** The event's content shows its saving mark itself (./savingMarks.tsx). */
const COMPONENTS: Components<CalendarEvent, CalendarColumn> = { event: EventContent };

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
  onNavigate: (date: string, view?: DiaryView) => void;
  onSelectSlot: (slot: SlotChoice) => void;
  onOpen: (appointment: CalendarEvent['appointment']) => void;
  onDrop: (drop: DropChoice) => void;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const asId = (value: unknown) => (value === undefined || value === null ? null : Number(value));

/**
 * Memoised: each of its redraws is every column's, so the page's other changes (today's list,
 * a saved move's row, the toolbar) leave it be while its own props are the same.
 */
export const DiaryCalendar = memo(function DiaryCalendar(props: Props) {
  const { zone, view, date, colourOf, isClosed } = props;
  // The component's date maths runs in Luxon's default zone: the clinic's, while the diary shows.
  const { localizer, formats, wallTime } = useMemo(() => clinicLocalizer(zone), [zone]);
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
        isOneLine(event) ? classes.oneLine : '',
      ].join(' '),
      style: { '--event-colour': colourOf(event) } as React.CSSProperties,
    }),
    [colourOf],
  );
  // A one-line event's time label (its span) is hidden by CSS and its start leads the title; the
  // span stays in the tooltip. The month view's events are one line of title only, as before.
  const titleOf = useCallback(
    (event: CalendarEvent) =>
      view !== 'month' && isOneLine(event)
        ? `${wallTime(event.start)} ${event.title}`
        : event.title,
    [view, wallTime],
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
        formats={formats}
        components={COMPONENTS}
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
        titleAccessor={titleOf}
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
        onSelectEvent={(event) => props.onOpen(event.appointment)}
        onKeyPressEvent={(event, e) => {
          const key = (e.nativeEvent as KeyboardEvent).key;
          if (key === 'Enter' || key === ' ') props.onOpen(event.appointment);
        }}
        onEventDrop={drop}
        onEventResize={drop}
      />
    </div>
  );
});
