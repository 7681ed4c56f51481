/**
 * The calendar's events, steady: an event keeps its object while the calendar would draw it
 * alike, and the list keeps its array while every event does. The calendar (memoised) then draws
 * again only when something it shows changed — not when a saved move's row comes back with its
 * new row version, nor when the range is read again unchanged. Each of its redraws is every
 * column's (≈ 200 ms for the bench's day of 20 practitioners).
 */
import { useMemo, useRef } from 'react';
import { drawnAlike, type CalendarEvent } from './calendarEvents';

export function useSteadyEvents(events: CalendarEvent[]): CalendarEvent[] {
  const last = useRef<CalendarEvent[]>([]);
  return useMemo(() => {
    const before = last.current;
    const byId = new Map(before.map((e) => [e.id, e]));
    let unchanged = events.length === before.length;
    const steady = events.map((event, i) => {
      const old = byId.get(event.id);
      const kept = old && drawnAlike(old, event) ? old : event;
      if (kept !== before[i]) unchanged = false;
      return kept;
    });
    last.current = unchanged ? before : steady;
    return last.current;
  }, [events]);
}
