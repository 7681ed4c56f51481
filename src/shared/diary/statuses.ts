/**
 * An appointment's life: booked → confirmed → arrived → completed, or no-show, or cancelled
 * (late-cancelled when inside the type's cancellation notice). Only live appointments hold their
 * time: the database's exclusion constraints (migration 0043) name the same list.
 */
import type { Option } from '../entities/types';

export const APPOINTMENT_STATUS_OPTIONS = [
  { value: 'booked', label: 'Booked' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'arrived', label: 'Arrived' },
  { value: 'completed', label: 'Completed' },
  { value: 'no_show', label: 'No-show' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'late_cancelled', label: 'Late-cancelled' },
] as const satisfies readonly Option[];

export type AppointmentStatus = (typeof APPOINTMENT_STATUS_OPTIONS)[number]['value'];

/** Statuses that free the time: everything else holds it against another booking. */
export const CANCELLED_STATUSES: readonly AppointmentStatus[] = ['cancelled', 'late_cancelled'];

export const isLive = (status: string): boolean =>
  !(CANCELLED_STATUSES as readonly string[]).includes(status);

export const APPOINTMENT_SOURCE_OPTIONS = [
  { value: 'staff', label: 'Staff' },
  { value: 'online', label: 'Online' },
] as const satisfies readonly Option[];

/** ISO weekday numbers, as Luxon and PostgreSQL's `isodow` count them (1 = Monday). */
export const WEEKDAY_OPTIONS = [
  { value: '1', label: 'Monday' },
  { value: '2', label: 'Tuesday' },
  { value: '3', label: 'Wednesday' },
  { value: '4', label: 'Thursday' },
  { value: '5', label: 'Friday' },
  { value: '6', label: 'Saturday' },
  { value: '7', label: 'Sunday' },
] as const satisfies readonly Option[];

export const AVAILABILITY_EXCEPTION_KIND_OPTIONS = [
  { value: 'day_off', label: 'Day off' },
  { value: 'holiday', label: 'Clinic holiday' },
  { value: 'extra_hours', label: 'Extra hours' },
  { value: 'break', label: 'Break' },
] as const satisfies readonly Option[];

export const LOCATION_KIND_OPTIONS = [
  { value: 'site', label: 'Site' },
  { value: 'room', label: 'Room' },
] as const satisfies readonly Option[];

export const WAITLIST_STATUS_OPTIONS = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'offered', label: 'Offered a time' },
  { value: 'booked', label: 'Booked' },
  { value: 'removed', label: 'Removed' },
] as const satisfies readonly Option[];
