/**
 * The availability engine (src/server/availability/): weekly rules turned into instants day by
 * day in the clinic's zone, the DST days of Europe/London in 2026 (29 March: 01:00 → 02:00 BST;
 * 25 October: 02:00 BST → 01:00 GMT), and exceptions cut from or added to the hours.
 */
import { describe, expect, it } from 'vitest';
import {
  ruleApplies,
  workingIntervals,
  type AvailabilityException,
  type WeeklyRule,
} from '../../src/server/availability/working-intervals';
import { dayNumber, ZoneClock } from '../../src/server/availability/zone-clock';

const LONDON = 'Europe/London';
const ADA = 1;
const BEN = 2;

const rule = (o: Partial<WeeklyRule>): WeeklyRule => ({
  user_id: ADA,
  location_id: null,
  weekday: 1,
  start: '09:00',
  end: '17:00',
  every_weeks: 1,
  valid_from: null,
  valid_until: null,
  ...o,
});

const exception = (o: Partial<AvailabilityException>): AvailabilityException => ({
  kind: 'day_off',
  user_id: ADA,
  location_id: null,
  from: '2026-03-30',
  until: '2026-03-30',
  start: '',
  end: '',
  name: 'An exception',
  ...o,
});

const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (i: { start: number; end: number }) => (i.end - i.start) / 60_000;

function intervals(
  rules: WeeklyRule[],
  exceptions: AvailabilityException[],
  from: string,
  to = from,
) {
  return workingIntervals({
    zone: LONDON,
    from,
    to,
    practitionerIds: [ADA, BEN],
    rules,
    exceptions,
  });
}

describe('wall time to instants in Europe/London', () => {
  const clock = new ZoneClock(LONDON);

  it('keeps a weekly 09:00 at 09:00 local on both sides of each change', () => {
    // Sundays 09:00–12:00: the day before, the day of and the week after each change.
    const sundays = intervals([rule({ weekday: 7, end: '12:00' })], [], '2026-03-22', '2026-04-05');
    expect(sundays.working.map((i) => clock.iso(i.start))).toEqual([
      '2026-03-22T09:00:00+00:00',
      '2026-03-29T09:00:00+01:00',
      '2026-04-05T09:00:00+01:00',
    ]);
    expect(sundays.working.map(minutes)).toEqual([180, 180, 180]);
    const autumn = intervals([rule({ weekday: 7, end: '12:00' })], [], '2026-10-18', '2026-11-01');
    expect(autumn.working.map((i) => clock.iso(i.start))).toEqual([
      '2026-10-18T09:00:00+01:00',
      '2026-10-25T09:00:00+00:00',
      '2026-11-01T09:00:00+00:00',
    ]);
  });

  it('gives an 00:30–03:00 interval its real length on both change days', () => {
    const night = rule({ weekday: 7, start: '00:30', end: '03:00' });
    const [spring] = intervals([night], [], '2026-03-29').working;
    // 00:30 GMT to 03:00 BST: the hour from 01:00 to 02:00 never happens.
    expect([iso(spring!.start), iso(spring!.end), minutes(spring!)]).toEqual([
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T02:00:00.000Z',
      90,
    ]);
    const [autumn] = intervals([night], [], '2026-10-25').working;
    // 00:30 BST to 03:00 GMT: the hour from 01:00 to 02:00 happens twice.
    expect([iso(autumn!.start), iso(autumn!.end), minutes(autumn!)]).toEqual([
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T03:00:00.000Z',
      210,
    ]);
  });

  it('moves a rule starting at 01:30 on 29 March to the first instant that exists (02:00 BST)', () => {
    const [early] = intervals(
      [rule({ weekday: 7, start: '01:30', end: '05:00' })],
      [],
      '2026-03-29',
    ).working;
    expect(clock.iso(early!.start)).toBe('2026-03-29T02:00:00+01:00');
    expect(clock.iso(early!.end)).toBe('2026-03-29T05:00:00+01:00');
    expect(minutes(early!)).toBe(180);
    // A week later the same rule is 01:30 again, and lasts its 3 h 30.
    const [later] = intervals(
      [rule({ weekday: 7, start: '01:30', end: '05:00' })],
      [],
      '2026-04-05',
    ).working;
    expect(clock.iso(later!.start)).toBe('2026-04-05T01:30:00+01:00');
    expect(minutes(later!)).toBe(210);
  });

  it('drops hours wholly inside the missing hour, and takes the first 01:30 in the doubled one', () => {
    expect(
      intervals([rule({ weekday: 7, start: '01:10', end: '01:50' })], [], '2026-03-29').working,
    ).toEqual([]);
    const [doubled] = intervals(
      [rule({ weekday: 7, start: '01:30', end: '02:30' })],
      [],
      '2026-10-25',
    ).working;
    expect(clock.iso(doubled!.start)).toBe('2026-10-25T01:30:00+01:00');
    // 01:30 BST to 02:30 GMT: two real hours.
    expect(minutes(doubled!)).toBe(120);
  });

  it('writes instants with the offset of their own side of the change', () => {
    expect(clock.iso(Date.parse('2026-03-29T00:59:00Z'))).toBe('2026-03-29T00:59:00+00:00');
    expect(clock.iso(Date.parse('2026-03-29T01:00:00Z'))).toBe('2026-03-29T02:00:00+01:00');
    expect(clock.iso(Date.parse('2026-10-25T00:30:00Z'))).toBe('2026-10-25T01:30:00+01:00');
    expect(clock.iso(Date.parse('2026-10-25T01:30:00Z'))).toBe('2026-10-25T01:30:00+00:00');
    expect(new ZoneClock('America/New_York').iso(Date.parse('2026-07-01T13:00:00Z'))).toBe(
      '2026-07-01T09:00:00-04:00',
    );
  });

  it('refuses a zone that does not exist', () => {
    expect(() => new ZoneClock('Mars/Olympus')).toThrow('Unknown time zone "Mars/Olympus".');
  });
});

describe('weekly rules', () => {
  it('applies a rule on its weekday inside its dates only', () => {
    const tuesdays = rule({ weekday: 2, valid_from: '2026-03-10', valid_until: '2026-03-24' });
    const days = [
      '2026-03-03',
      '2026-03-10',
      '2026-03-11',
      '2026-03-17',
      '2026-03-24',
      '2026-03-31',
    ];
    expect(days.filter((d) => ruleApplies(tuesdays, dayNumber(d)))).toEqual([
      '2026-03-10',
      '2026-03-17',
      '2026-03-24',
    ]);
  });

  it('counts every other week from the week of the first day it applies', () => {
    // Valid from a Wednesday: the Monday of that week is week 0.
    const fortnightly = rule({ weekday: 1, every_weeks: 2, valid_from: '2026-03-04' });
    const mondays = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'];
    expect(mondays.filter((d) => ruleApplies(fortnightly, dayNumber(d)))).toEqual([
      '2026-03-16',
      '2026-03-30',
    ]);
    const third = rule({ weekday: 1, every_weeks: 3, valid_from: '2026-03-02' });
    expect(mondays.filter((d) => ruleApplies(third, dayNumber(d)))).toEqual([
      '2026-03-02',
      '2026-03-23',
    ]);
  });

  it('joins touching rules and keeps locations apart', () => {
    const { working } = intervals(
      [
        rule({ start: '09:00', end: '13:00', location_id: 5 }),
        rule({ start: '13:00', end: '17:00', location_id: 5 }),
        rule({ start: '18:00', end: '20:00', location_id: 6 }),
        rule({ user_id: BEN, start: '10:00', end: '12:00' }),
      ],
      [],
      '2026-03-30',
    );
    expect(working.map((i) => [i.practitioner_id, i.location_id, minutes(i)])).toEqual([
      [ADA, 5, 480],
      [ADA, 6, 120],
      [BEN, null, 120],
    ]);
  });
});

describe('exceptions', () => {
  const monday = rule({ start: '09:00', end: '17:00' });
  const wall = (i: { start: number; end: number }) => {
    const clock = new ZoneClock(LONDON);
    return `${clock.iso(i.start).slice(11, 16)}–${clock.iso(i.end).slice(11, 16)}`;
  };

  it('takes a whole day off, and only that practitioner’s', () => {
    const { working, closed } = intervals(
      [monday, rule({ user_id: BEN })],
      [exception({ kind: 'day_off', name: 'Day off 30 Mar' })],
      '2026-03-30',
    );
    expect(working.map((i) => i.practitioner_id)).toEqual([BEN]);
    expect(closed).toMatchObject([
      { practitioner_id: ADA, kind: 'day_off', name: 'Day off 30 Mar', wall_start: '00:00' },
    ]);
  });

  it('closes the clinic for everyone on a holiday with no practitioner', () => {
    const { working } = intervals(
      [monday, rule({ user_id: BEN })],
      [exception({ kind: 'holiday', user_id: null, from: '2026-03-28', until: '2026-03-31' })],
      '2026-03-30',
    );
    expect(working).toEqual([]);
  });

  it('cuts a break out of the hours, and a timed day off out of part of the day', () => {
    const { working, closed } = intervals(
      [monday],
      [
        exception({ kind: 'break', start: '13:00', end: '14:00', name: 'Lunch' }),
        exception({ kind: 'day_off', start: '16:00', end: '17:00' }),
      ],
      '2026-03-30',
    );
    expect(working.map(wall)).toEqual(['09:00–13:00', '14:00–16:00']);
    expect(closed.map((c) => `${c.kind} ${c.wall_start}–${c.wall_end}`).sort()).toEqual([
      'break 13:00–14:00',
      'day_off 16:00–17:00',
    ]);
  });

  it('adds extra hours, even on a holiday, and a break cuts into them too', () => {
    const { working } = intervals(
      [monday],
      [
        exception({ kind: 'holiday', user_id: null }),
        exception({ kind: 'extra_hours', start: '10:00', end: '14:00', location_id: 5 }),
        exception({ kind: 'break', start: '12:00', end: '12:30' }),
      ],
      '2026-03-30',
    );
    expect(working.map((i) => [i.location_id, wall(i)])).toEqual([
      [5, '10:00–12:00'],
      [5, '12:30–14:00'],
    ]);
  });

  it('applies an exception with a location only at that location', () => {
    const { working } = intervals(
      [rule({ location_id: 5, end: '12:00' }), rule({ location_id: 6, start: '13:00' })],
      [exception({ kind: 'day_off', location_id: 6 })],
      '2026-03-30',
    );
    expect(working.map((i) => [i.location_id, wall(i)])).toEqual([[5, '09:00–12:00']]);
  });

  it('applies a timed exception on every day of its range', () => {
    const { working } = intervals(
      [monday, rule({ weekday: 2 })],
      [
        exception({
          kind: 'break',
          from: '2026-03-30',
          until: '2026-03-31',
          start: '12:00',
          end: '13:00',
        }),
      ],
      '2026-03-30',
      '2026-03-31',
    );
    expect(working.map((i) => `${i.day} ${wall(i)}`)).toEqual([
      '2026-03-30 09:00–12:00',
      '2026-03-30 13:00–17:00',
      '2026-03-31 09:00–12:00',
      '2026-03-31 13:00–17:00',
    ]);
  });
});
