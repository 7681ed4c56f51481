/**
 * iCalendar (RFC 5545) text, written by ical-generator (docs/decisions/0063-job-queue-pg-boss.md).
 * One module for every calendar Materia writes: the invitation a confirmation carries (one event,
 * METHOD:PUBLISH, so any calendar adds it without an organiser's reply) and the practitioners'
 * calendar feeds (src/server/calendar-feeds/, many events, no method). Times are written in UTC
 * (DTSTART:…Z): every calendar shows them in its own zone, and no VTIMEZONE is needed.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

interface CalendarEvent {
  /** Stable per appointment, so that a moved appointment replaces its earlier event. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** Higher each time the event changes (RFC 5545 SEQUENCE). */
  sequence?: number;
  cancelled?: boolean;
}

const PRODUCT_ID = { company: 'Materia', product: 'Materia diary', language: 'EN' };

export function calendarText(options: {
  name: string;
  events: readonly CalendarEvent[];
  /** PUBLISH for an invitation sent by mail; none for a feed. */
  method?: 'publish';
}): string {
  const calendar = ical({ name: options.name, prodId: PRODUCT_ID });
  if (options.method === 'publish') calendar.method(ICalCalendarMethod.PUBLISH);
  for (const event of options.events) {
    calendar.createEvent({
      id: event.uid,
      start: event.start,
      end: event.end,
      summary: event.summary,
      description: event.description ?? null,
      location: event.location || null,
      url: event.url ?? null,
      sequence: event.sequence ?? 0,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** An appointment's UID: the same in the invitation and in the practitioner's feed. */
export const appointmentUid = (companyId: number, appointmentId: number): string =>
  `appointment-${companyId}-${appointmentId}@materia`;
