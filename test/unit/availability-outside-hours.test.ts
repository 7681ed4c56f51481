/**
 * Outside working hours, in words (src/server/availability/outside-hours.ts), and the labels the
 * behaviours write on working hours and exceptions (src/shared/diary/availability-labels.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  isWithinWorkingHours,
  outsideHoursReason,
} from '../../src/server/availability/outside-hours';
import {
  workingIntervals,
  type AvailabilityException,
  type WeeklyRule,
} from '../../src/server/availability/working-intervals';
import {
  dayRange,
  exceptionLabel,
  workingHourLabel,
} from '../../src/shared/diary/availability-labels';

const ADA = { user_id: 1, name: 'Ada Admin' };

const weekly = (weekday: number, start: string, end: string): WeeklyRule => ({
  user_id: 1,
  location_id: null,
  weekday,
  start,
  end,
  every_weeks: 1,
  valid_from: null,
  valid_until: null,
});

const off = (o: Partial<AvailabilityException>): AvailabilityException => ({
  kind: 'day_off',
  user_id: 1,
  location_id: null,
  from: '2026-03-31',
  until: '2026-03-31',
  start: '',
  end: '',
  name: '',
  ...o,
});

// Monday 30 March to Sunday 5 April 2026 (British Summer Time: +01:00).
const availability = workingIntervals({
  zone: 'Europe/London',
  from: '2026-03-30',
  to: '2026-04-05',
  practitionerIds: [1],
  rules: [weekly(1, '09:00', '17:00'), weekly(2, '09:00', '17:00'), weekly(3, '09:00', '17:00')],
  exceptions: [
    off({ kind: 'break', from: '2026-03-30', until: '2026-03-30', start: '13:00', end: '14:00' }),
    off({}),
    off({
      kind: 'holiday',
      user_id: null,
      from: '2026-04-01',
      until: '2026-04-01',
      start: '12:00',
      end: '24:00',
    }),
  ],
});

const reason = (start: string, end: string) =>
  outsideHoursReason(availability, ADA, `${start}+01:00`, `${end}+01:00`);

describe('outsideHoursReason', () => {
  it('is null inside the hours, to the minute', () => {
    expect(reason('2026-03-30T09:00', '2026-03-30T13:00')).toBeNull();
    expect(reason('2026-03-30T14:00', '2026-03-30T17:00')).toBeNull();
    expect(
      isWithinWorkingHours(
        availability,
        ADA,
        Date.parse('2026-03-30T10:00+01:00'),
        Date.parse('2026-03-30T11:00+01:00'),
      ),
    ).toBe(true);
  });

  it('names a break, a day off, a clinic holiday, a day not worked and the hours', () => {
    expect(reason('2026-03-30T12:30', '2026-03-30T13:30')).toBe(
      "inside Ada Admin's break 13:00–14:00",
    );
    expect(reason('2026-03-31T10:00', '2026-03-31T11:00')).toBe(
      'Ada Admin has a day off on Tue 31 Mar',
    );
    expect(reason('2026-04-01T11:30', '2026-04-01T12:30')).toBe(
      'the clinic is closed 12:00–24:00 on Wed 1 Apr',
    );
    expect(reason('2026-04-05T10:00', '2026-04-05T11:00')).toBe(
      'Ada Admin does not work on Sundays',
    );
    expect(reason('2026-03-30T16:30', '2026-03-30T17:30')).toBe(
      "outside Ada Admin's hours on Mon 30 Mar (09:00–13:00, 14:00–17:00)",
    );
    expect(
      isWithinWorkingHours(availability, ADA, '2026-04-05T10:00+01:00', '2026-04-05T11:00+01:00'),
    ).toBe(false);
  });
});

describe('labels', () => {
  it('reads a weekly rule as its day and times', () => {
    const row = {
      working_hour_weekday: '2',
      working_hour_start: '09:00',
      working_hour_end: '17:00',
    };
    expect(workingHourLabel(row)).toBe('Tue 09:00–17:00');
    expect(workingHourLabel({ ...row, working_hour_every_weeks: 2 })).toBe(
      'Tue 09:00–17:00 every 2 weeks',
    );
  });

  it('reads an exception as its kind, days and times', () => {
    expect(
      exceptionLabel({
        availability_exception_kind: 'day_off',
        availability_exception_from: '2026-12-24',
        availability_exception_until: '2026-12-26',
      }),
    ).toBe('Day off 24–26 Dec');
    expect(
      exceptionLabel({
        availability_exception_kind: 'break',
        availability_exception_from: '2026-03-03',
        availability_exception_until: '2026-03-03',
        availability_exception_start: '13:00',
        availability_exception_end: '14:00',
      }),
    ).toBe('Break 3 Mar 13:00–14:00');
    expect(dayRange('2026-12-30', '2027-01-02')).toBe('30 Dec – 2 Jan');
  });
});
