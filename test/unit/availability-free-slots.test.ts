/**
 * Free slots (src/server/availability/free-slots.ts): working time minus busy time, with the
 * type's duration and buffers, the step from each interval's start, minimum notice and horizon,
 * each start written with the clinic's offset.
 */
import { describe, expect, it } from 'vitest';
import {
  freeSlots,
  type BusyInterval,
  type FreeSlotsInput,
  type SlotType,
} from '../../src/server/availability/free-slots';
import { workingIntervals, type WeeklyRule } from '../../src/server/availability/working-intervals';

const LONDON = 'Europe/London';
const ADA = 1;
const BEN = 2;

const TYPE: SlotType = {
  duration_minutes: 60,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_hours: 0,
  horizon_days: 730,
};

const rule = (o: Partial<WeeklyRule>): WeeklyRule => ({
  user_id: ADA,
  location_id: null,
  weekday: 1,
  start: '09:00',
  end: '12:00',
  every_weeks: 1,
  valid_from: null,
  valid_until: null,
  ...o,
});

const busy = (practitioner_id: number, start: string, end: string): BusyInterval => ({
  practitioner_id,
  start: Date.parse(start),
  end: Date.parse(end),
});

function slots(o: Partial<FreeSlotsInput> & { rules?: WeeklyRule[] } = {}) {
  const from = o.from ?? '2026-03-30';
  const to = o.to ?? from;
  const { working } = workingIntervals({
    zone: LONDON,
    from,
    to,
    practitionerIds: [ADA, BEN],
    rules: o.rules ?? [rule({})],
    exceptions: [],
  });
  return freeSlots({
    zone: LONDON,
    type: TYPE,
    practitionerIds: [ADA, BEN],
    now: Date.parse('2025-12-01T00:00:00Z'),
    stepMinutes: 15,
    busy: [],
    working,
    ...o,
    from,
    to,
  });
}

const starts = (list: { start: string }[]) => list.map((s) => s.start.slice(11, 16));

describe('free slots', () => {
  it('steps through the working interval, the last one ending at its end, with the offset', () => {
    const list = slots();
    expect(list[0]).toEqual({ start: '2026-03-30T09:00:00+01:00', practitioner_id: ADA });
    expect(starts(list)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
    ]);
    expect(slots({ from: '2026-01-05' })[0]!.start).toBe('2026-01-05T09:00:00+00:00');
  });

  it('keeps the buffers inside the interval and aligns starts to the step from its start', () => {
    const list = slots({ type: { ...TYPE, buffer_before_minutes: 10, buffer_after_minutes: 20 } });
    // 09:00 + 10 min before: the first step with room is 09:15; 10:45 + 60 + 20 > 12:00.
    expect(starts(list)).toEqual(['09:15', '09:30', '09:45', '10:00', '10:15', '10:30']);
  });

  it('leaves out starts whose widened time overlaps a busy interval', () => {
    // Ben's 10:00–10:30 appointment, with its own type's 15-minute buffer after.
    const list = slots({
      rules: [rule({}), rule({ user_id: BEN })],
      busy: [busy(BEN, '2026-03-30T09:00:00Z', '2026-03-30T09:45:00Z')],
      type: { ...TYPE, buffer_after_minutes: 5 },
    });
    const ben = list.filter((s) => s.practitioner_id === BEN);
    // Busy 10:00–10:45 local: a start fits when start + 65 min ≤ 10:00 or start ≥ 10:45.
    expect(starts(ben)).toEqual(['10:45']);
    expect(list.filter((s) => s.practitioner_id === ADA)).toHaveLength(8);
    // Sorted by start, then practitioner.
    expect(list.map((s) => s.start)).toEqual([...list.map((s) => s.start)].sort());
  });

  it('a busy interval that only touches the slot leaves it free', () => {
    const list = slots({ busy: [busy(ADA, '2026-03-30T08:00:00Z', '2026-03-30T09:00:00Z')] });
    expect(starts(list)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
  });

  it('respects the minimum notice and the horizon', () => {
    const now = Date.parse('2026-03-30T09:20:00+01:00');
    const noticed = slots({ now, type: { ...TYPE, min_notice_hours: 1 } });
    // Earliest 10:20: the next step from 09:00 is 10:30.
    expect(starts(noticed)).toEqual(['10:30', '10:45', '11:00']);
    const horizon = slots({
      now: Date.parse('2026-03-23T06:00:00Z'),
      type: { ...TYPE, horizon_days: 7 },
      from: '2026-03-23',
      to: '2026-04-06',
    });
    // Today (Monday 23) is in, and the Monday 7 days ahead; the one 14 days ahead is not.
    expect([...new Set(horizon.map((s) => s.start.slice(0, 10)))]).toEqual([
      '2026-03-23',
      '2026-03-30',
    ]);
  });

  it('offers only the practitioners asked for, and nothing outside from…to', () => {
    const list = slots({ rules: [rule({}), rule({ user_id: BEN })], practitionerIds: [BEN] });
    expect(new Set(list.map((s) => s.practitioner_id))).toEqual(new Set([BEN]));
    const working = workingIntervals({
      zone: LONDON,
      from: '2026-03-23',
      to: '2026-04-06',
      practitionerIds: [ADA],
      rules: [rule({})],
      exceptions: [],
    }).working;
    const inside = slots({ working, from: '2026-03-30', to: '2026-03-30' });
    expect(new Set(inside.map((s) => s.start.slice(0, 10)))).toEqual(new Set(['2026-03-30']));
  });

  it('counts real minutes across the change: an 00:30–03:00 night has room for one 60-minute slot on 29 March', () => {
    const night = [rule({ weekday: 7, start: '00:30', end: '03:00' })];
    const spring = slots({ rules: night, from: '2026-03-29', type: { ...TYPE }, stepMinutes: 30 });
    // 00:30 GMT … 03:00 BST is 90 real minutes: 00:30 and 03:00 BST − 60 = 02:00 BST (01:00Z).
    expect(spring.map((s) => s.start)).toEqual([
      '2026-03-29T00:30:00+00:00',
      '2026-03-29T02:00:00+01:00',
    ]);
    const autumn = slots({ rules: night, from: '2026-10-25', stepMinutes: 30 });
    // 210 real minutes; the doubled hour's starts show both offsets.
    expect(autumn.map((s) => s.start)).toEqual([
      '2026-10-25T00:30:00+01:00',
      '2026-10-25T01:00:00+01:00',
      '2026-10-25T01:30:00+01:00',
      '2026-10-25T01:00:00+00:00',
      '2026-10-25T01:30:00+00:00',
      '2026-10-25T02:00:00+00:00',
    ]);
  });
});
