/**
 * Which appointments are being saved (dropped, waiting for `diary/move`'s answer), and each
 * event's content, marked while its own is. Kept out of the calendar's props: a mark set or
 * cleared redraws the one event's content, not the calendar (whose every column draws again on
 * any change of its props — two full redraws per drop, ≈ 200 ms each in the bench's day view).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EventProps } from 'react-big-calendar';
import type { CalendarEvent } from './calendarEvents';
import classes from './Diary.module.css';

interface SavingMarks {
  set: (id: number, saving: boolean) => void;
  has: (id: number) => boolean;
  subscribe: (listener: () => void) => () => void;
}

export function createSavingMarks(): SavingMarks {
  const ids = new Set<number>();
  const listeners = new Set<() => void>();
  return {
    set: (id, saving) => {
      if (ids.has(id) === saving) return;
      if (saving) ids.add(id);
      else ids.delete(id);
      listeners.forEach((listener) => listener());
    },
    has: (id) => ids.has(id),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const NOTHING_SAVING: SavingMarks = createSavingMarks();
export const SavingMarksContext = createContext<SavingMarks>(NOTHING_SAVING);

/** The event's title; while it is being saved, dimmed, marked `data-saving` and said so. */
export function EventContent({ event, title }: EventProps<CalendarEvent>) {
  const marks = useContext(SavingMarksContext);
  const saving = useSyncExternalStore(marks.subscribe, () => marks.has(event.id));
  if (!saving) return <>{title}</>;
  return (
    <span className={classes.saving} data-saving="" aria-busy="true">
      {title} (saving…)
    </span>
  );
}
