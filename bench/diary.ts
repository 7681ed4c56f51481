/**
 * `npm run bench -- diary` (issue 44): the diary's budgets on a clinic of 20 practitioners, 5
 * rooms and three years of appointments (≈ 150,000, ./diary-seed.ts), beside the 99 other clinics
 * of the 1M-patient set, two server processes. Each figure is printed beside its floor from the
 * same run — the empty call (users/check_authentication) and the cheapest public read
 * (booking/get_options) — so that a slower machine shows in the floor, not only in the figure.
 * The browser figures (week view painted, drag saved and painted) come from ./diary-browser.ts,
 * the reminders under two processes from ./diary-reminders.ts. BENCH_DIARY_SMALL=1 runs it all on
 * the demo clinic alone (200 patients, no 99 other clinics): a quick check that the section
 * works, not its figures.
 */
import { loadavg } from 'node:os';
import { DateTime } from 'luxon';
import { diaryBrowserFigures } from './diary-browser';
import { reminderFigures } from './diary-reminders';
import { seedDiaryClinic, type DiaryClinic } from './diary-seed';
import type { Figure } from './lib';
import { oneClient, type OneClient } from './one-client';
import { BENCH_ADMIN, asOwner, signIn, withScaleData, type Auth, type ScaleData } from './scale';

const SECONDS = Number(process.env.BENCH_DIARY_SECONDS ?? 10);
const SMALL = process.env.BENCH_DIARY_SMALL === '1';
const RACERS = 50;

const ms = (name: string, result: OneClient, budget?: number, note = ''): Figure => ({
  name,
  value: result.p99,
  unit: 'ms',
  ...(budget === undefined ? {} : { budget: { limit: budget, kind: 'max' as const } }),
  note: `p50 ${result.p50.toFixed(1)} ms, ${result.requests} calls, ${result.failures} failed${note ? `; ${note}` : ''}`,
});

async function latencyFigures(url: string, auth: Auth, clinic: DiaryClinic): Promise<Figure[]> {
  const today = DateTime.now().setZone(clinic.zone).startOf('day');
  const day = (d: DateTime) => d.toISODate()!;
  const monday = today.startOf('week');
  const slots = await oneClient(
    url,
    'booking/get_slots',
    () => ({
      _company_slug: 'demo',
      appointment_type_id: clinic.types[0],
      from: day(today.plus({ days: 1 })),
      to: day(today.plus({ days: 14 })),
    }),
    SECONDS,
  );
  const week = await oneClient(
    url,
    'diary/get_range',
    () => ({ ...auth, from: day(monday), to: day(monday.plus({ days: 6 })) }),
    SECONDS,
  );
  const empty = await oneClient(url, 'users/check_authentication', () => auth, SECONDS);
  const options = await oneClient(
    url,
    'booking/get_options',
    () => ({ _company_slug: 'demo' }),
    SECONDS,
  );
  return [
    ms('booking/get_slots: one type, all 20 practitioners, 14 days', slots, 30),
    ms(`diary/get_range: the week of ${day(monday)}, 20 practitioners`, week, 40),
    ms('floor: users/check_authentication (no database)', empty),
    ms('floor: booking/get_options (the cheapest public read)', options),
  ];
}

/** The appointments of this week, as the diary's week view reads them. */
async function weekCount(ownerUrl: string, company: number, zone: string): Promise<number> {
  const [row] = await asOwner<{ n: string }>(
    ownerUrl,
    `select count(*) as n from appointments where company_id = $1
       and appointment_start >= date_trunc('week', now() at time zone $2) at time zone $2
       and appointment_start < (date_trunc('week', now() at time zone $2) + interval '7 days') at time zone $2`,
    [company, zone],
  );
  return Number(row!.n);
}

/** 50 patients, each from an address of their own, book one free time at once. */
async function raceFigures(url: string, clinic: DiaryClinic): Promise<Figure[]> {
  const today = DateTime.now().setZone(clinic.zone).startOf('day');
  const reply = await fetch(`${url}/api/booking/get_slots`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      _company_slug: 'demo',
      appointment_type_id: clinic.types[0],
      from: today.plus({ days: 2 }).toISODate(),
      to: today.plus({ days: 9 }).toISODate(),
    }),
  });
  const slots = (
    (await reply.json()) as { data: { slots: { start: string; practitioner_id: number }[] } }
  ).data.slots;
  const slot = slots[0];
  if (!slot) throw new Error('the diary bench found no free time to race for');
  const statuses = await Promise.all(
    Array.from({ length: RACERS }, async (_, i) => {
      const answer = await fetch(`${url}/api/booking/book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.44.0.${i + 1}` },
        body: JSON.stringify({
          _company_slug: 'demo',
          appointment_type_id: clinic.types[0],
          practitioner_id: slot.practitioner_id,
          start: slot.start,
          first_name: 'Racer',
          last_name: `Number ${i}`,
          email: `racer${i}.${Date.now()}@example.com`,
          phone: '07700 900000',
          date_of_birth: '1980-01-01',
        }),
      });
      return answer.status;
    }),
  );
  const count = (status: number) => statuses.filter((s) => s === status).length;
  const failed = statuses.filter((s) => s >= 500).length;
  return [
    {
      name: `${RACERS} concurrent booking/book for one time: booked`,
      value: count(200),
      unit: '',
      budget: { limit: 1, kind: 'max' },
      note: `${count(409)} told it has gone (409), ${failed} × 5xx, others ${RACERS - count(200) - count(409) - failed}`,
    },
    {
      name: `${RACERS} concurrent booking/book: told it has gone`,
      value: count(409),
      unit: '',
      budget: { limit: RACERS - 1, kind: 'min' },
    },
    {
      name: `${RACERS} concurrent booking/book: 5xx`,
      value: failed,
      unit: '',
      budget: { limit: 0, kind: 'max' },
    },
  ];
}

async function measure(data: ScaleData): Promise<Figure[]> {
  const started = performance.now();
  const clinic = await seedDiaryClinic(data.ownerUrl, data.demo);
  const [{ n } = { n: '0' }] = await asOwner<{ n: string }>(
    data.ownerUrl,
    'select count(*) as n from appointments where company_id = $1',
    [data.demo],
  );
  const seeded: Figure = {
    name: 'seed: the diary clinic',
    value: (performance.now() - started) / 1000,
    unit: 's',
    note: `${Number(n).toLocaleString('en')} appointments, ${clinic.practitioners.length} practitioners, this week ${await weekCount(data.ownerUrl, data.demo, clinic.zone)}`,
  };
  const load = loadavg()[0]!;
  const url = data.server.url;
  const auth = await signIn(url);
  return [
    seeded,
    { name: 'machine load average (1 min)', value: load, unit: '', note: 'before measuring' },
    ...(await latencyFigures(url, auth, clinic)),
    ...(await diaryBrowserFigures(url, BENCH_ADMIN, clinic)),
    ...(await raceFigures(url, clinic)),
    ...(await reminderFigures(data, clinic)),
  ];
}

export const diaryBench = (): Promise<Figure[]> =>
  withScaleData({ SERVER_PROCESSES: '2', RATE_LIMITS: 'off', TRUST_PROXY: 'yes' }, measure, {
    small: SMALL,
  });
