/**
 * The diary screen as staff see it (issue 44), in Chromium at 1× CPU against the bench's server:
 * - openings of the week view (the most practitioners it shows side by side, and one) and of the
 *   day view with every practitioner as a column: from the arrival of the view's
 *   `diary/get_range` answer (its Resource Timing responseEnd) to the frame after as many events
 *   (`.rbc-event`, react-big-calendar's) are in the page as the answer has appointments. The
 *   week view of all 20 practitioners the issue names is not offered by the screen any more (at
 *   most 6 side by side: 20 were 1.1–1.7 s, see src/web/features/diary/useDiary.ts);
 * - an appointment dragged to a free time in the day view: from the mouse button's release to
 *   the frame after the event stands at its new time no longer marked as saving, which the
 *   screen does once `diary/move` has answered (src/web/features/diary/useAppointmentWrites.ts);
 *   a frame that showed it unmarked before that answer arrived is refused, not measured.
 * Both in the page's own clock. The calibration figure (a fixed script's time) goes beside them,
 * as browser timings differ 3–4× between machines.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { BrowserContext, Page, Response } from 'playwright-core';
import type { DiaryAppointment, DiaryRange } from '../src/shared/diary/calls';
import { isLive } from '../src/shared/diary/statuses';
import { launchBrowser, submitLogin } from '../test/support/chromium';
import type { DiaryClinic } from './diary-seed';
import { calibrate } from './entity-screen-timing';
import { median, post, type Figure } from './lib';
import { signIn, type Envelope } from './scale';

const WEEK_BUDGET_MS = 300;
/** The most practitioners the week view shows side by side (WEEK_PRACTITIONERS_MAX, useDiary.ts). */
const WEEK_MOST = 6;
const DRAG_BUDGET_MS = 150;
/** Openings of the week view measured, after one that is not (the server's first plans). */
const OPENINGS = 5;
/** Appointments dragged, each on a freshly opened day view. */
const DRAGS = 3;
/** The calendar's day runs 07:00–21:00 (DiaryCalendar.tsx), 14 hours in slots of 15 minutes. */
const DAY_MINUTES = 14 * 60;
const SLOT_MINUTES = 15;
/** The seed's working day: a drop outside it would ask for a reason first. */
const WORK_FROM = 9 * 60;
const WORK_UNTIL = 17 * 60;
/** A drop at most this far from where the event was, so that both are on screen. */
const FARTHEST_MINUTES = 120;
const WAIT_MS = 60_000;

/**
 * Installed before the app's scripts on every page: each time the number of calendar events
 * changes, the frame after it (requestAnimationFrame, then a task) is noted with the number.
 * A live collection, so that counting costs nothing per mutation.
 */
const EVENT_PAINTS_SCRIPT = `(() => {
  window.__eventPaints = [];
  const events = document.getElementsByClassName('rbc-event');
  let last = -1;
  new MutationObserver(() => {
    const n = events.length;
    if (n === last) return;
    last = n;
    requestAnimationFrame(() => setTimeout(() => window.__eventPaints.push({ n, at: performance.now() })));
  }).observe(document, { childList: true, subtree: true });
})()`;

/**
 * Installed before a drop: the time of the mouse button's release, and each frame after a change
 * that leaves the column with an event at the new time, not marked saving (no `[data-saving]`
 * inside it: EventContent in src/web/features/diary/savingMarks.tsx) and not the drag's preview.
 */
const DROP_WATCH_SCRIPT = `([column, label]) => {
  window.__dropAt = 0;
  window.__movedAt = 0;
  window.__placedAt = [];
  document.addEventListener('mouseup', () => (window.__dropAt = performance.now()), { capture: true, once: true });
  const atNewTime = () => {
    const slot = document.querySelectorAll('.rbc-time-content .rbc-day-slot')[column];
    return [...(slot?.querySelectorAll('.rbc-event') ?? [])].filter(
      (e) =>
        !e.closest('.rbc-addons-dnd-drag-preview') &&
        !e.classList.contains('rbc-addons-dnd-drag-preview') &&
        e.querySelector('.rbc-event-label')?.textContent === label,
    );
  };
  const frameAfter = (note) => requestAnimationFrame(() => setTimeout(() => note(performance.now())));
  let was = false;
  new MutationObserver(() => {
    if (window.__dropAt === 0) return;
    const there = atNewTime();
    if (there.length && !window.__movedAt) {
      window.__movedAt = -1;
      frameAfter((t) => (window.__movedAt = t));
    }
    const now = there.some((e) => !e.querySelector('[data-saving]'));
    if (now && !was) frameAfter((t) => window.__placedAt.push(t));
    was = now;
  }).observe(document.querySelector('.rbc-time-content'), {
    childList: true, subtree: true, attributes: true, characterData: true,
  });
}`;

interface Paint {
  n: number;
  at: number;
}

/** What the scripts above keep on `window`. */
interface Watched {
  __eventPaints: Paint[];
  __dropAt: number;
  __movedAt: number;
  __placedAt: number[];
}

/** A view of the diary as its address opens it, and the get_range call that fills it. */
interface View {
  /** `view=week&date=…&shown=…` */
  query: string;
  from: string;
  to: string;
  /** The practitioners asked for; undefined: all. */
  practitionerIds?: readonly number[];
}

const sameIds = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  (a ?? []).join(',') === (b ?? []).join(',');

/** The view's own diary/get_range (not today's list beside it, nor another view's). */
function isViewRange(response: Response, view: View): boolean {
  if (!response.url().endsWith('/api/diary/get_range')) return false;
  const body = JSON.parse(response.request().postData() ?? '{}') as {
    from?: string;
    to?: string;
    practitioner_ids?: number[];
  };
  return (
    body.from === view.from &&
    body.to === view.to &&
    sameIds(body.practitioner_ids, view.practitionerIds)
  );
}

/** The answer's arrival in the page's clock: the `nth` get_range call's responseEnd. */
const rangeArrival = (page: Page, nth: number) =>
  page.evaluate(
    (n) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === '/api/diary/get_range')
        .sort((a, b) => a.startTime - b.startTime)
        .map((e) => (e as PerformanceResourceTiming).responseEnd)[n] ?? Number.NaN,
    nth,
  );

interface Opening {
  ms: number;
  appointments: number;
}

/**
 * One opening of the view: the arrival of its get_range answer → the frame after as many events
 * are in the page as the answer has appointments. The app is loaded afresh at the view's
 * address; or, with `from`, loaded at that address first and the view chosen with the toolbar's
 * View control, as staff switch views (the app's code and reference data then in memory).
 */
async function openView(page: Page, url: string, view: View, from?: string): Promise<Opening> {
  const ranges: Response[] = [];
  const onResponse = (r: Response) => {
    if (r.url().endsWith('/api/diary/get_range')) ranges.push(r);
  };
  page.on('response', onResponse);
  try {
    await page.goto('about:blank');
    const answered = page.waitForResponse((r) => isViewRange(r, view), { timeout: WAIT_MS });
    if (from) {
      await page.goto(`${url}/app/diary?${from}`);
      await page.locator('.rbc-event').first().waitFor({ timeout: WAIT_MS });
      await page.evaluate(() => ((window as unknown as Watched).__eventPaints = []));
      await page.getByRole('radiogroup', { name: 'View' }).getByText('Week').click();
    } else {
      await page.goto(`${url}/app/diary?${view.query}`, { waitUntil: 'commit' });
    }
    const response = await answered;
    const body = (await response.json()) as Envelope<DiaryRange>;
    const wanted = body.data.appointments.length;
    const reached = await page
      .waitForFunction(
        (n) => (window as unknown as Watched).__eventPaints.some((p) => p.n === n),
        wanted,
        { timeout: WAIT_MS, polling: 100 },
      )
      .then(() => true)
      .catch(() => false);
    const paints = await page.evaluate(() => (window as unknown as Watched).__eventPaints);
    if (!reached) {
      const shown = paints.map((p) => p.n).join(', ');
      throw new Error(
        `${view.query}: the page showed ${shown || 'no'} events, never the answer's ${wanted} appointments, within ${WAIT_MS / 1000} s`,
      );
    }
    const arrival = await rangeArrival(page, ranges.indexOf(response));
    const painted = paints.find((p) => p.n === wanted && p.at >= arrival)?.at ?? Number.NaN;
    return { ms: painted - arrival, appointments: wanted };
  } finally {
    page.off('response', onResponse);
  }
}

/** The view opened once unmeasured (the server's first plans), then OPENINGS times. */
async function timeView(page: Page, url: string, view: View, from?: string): Promise<Opening[]> {
  await openView(page, url, view, from);
  const openings: Opening[] = [];
  for (let i = 0; i < OPENINGS; i += 1) openings.push(await openView(page, url, view, from));
  return openings;
}

interface Drag {
  appointment: DiaryAppointment;
  practitionerName: string;
  day: string;
  /** The new start, ms since the epoch. */
  to: number;
}

const ms = (iso: string) => Date.parse(iso);
const minuteOfDay = (at: number, zone: string) => {
  const t = DateTime.fromMillis(at, { zone });
  return t.hour * 60 + t.minute;
};

/**
 * Appointments to drag, each to a quarter hour nearby that its practitioner has free within the
 * working day, on the working days from tomorrow on (a move into the past or outside hours would
 * ask more of the screen than a drop); one per practitioner.
 */
function chooseDrags(range: DiaryRange, zone: string, count: number): Drag[] {
  const names = new Map(range.practitioners.map((p) => [p.user_id, p.name]));
  const live = range.appointments.filter((a) => isLive(a.status));
  const drags: Drag[] = [];
  const used = new Set<number>();
  for (const a of live) {
    if (drags.length >= count) break;
    if (used.has(a.practitioner_id)) continue;
    const length = ms(a.end) - ms(a.start);
    const day = DateTime.fromMillis(ms(a.start), { zone }).toISODate()!;
    const others = live.filter(
      (b) =>
        b.practitioner_id === a.practitioner_id &&
        b.appointment_id !== a.appointment_id &&
        DateTime.fromMillis(ms(b.start), { zone }).toISODate() === day,
    );
    const first = Math.ceil(ms(a.start) / (SLOT_MINUTES * 60_000)) * SLOT_MINUTES * 60_000;
    for (let step = 1; step * SLOT_MINUTES <= FARTHEST_MINUTES; step += 1) {
      const to = first + step * SLOT_MINUTES * 60_000;
      const from = minuteOfDay(to, zone);
      if (from < WORK_FROM || from + length / 60_000 > WORK_UNTIL) continue;
      if (others.some((b) => ms(b.start) < to + length && to < ms(b.end))) continue;
      drags.push({ appointment: a, practitionerName: names.get(a.practitioner_id) ?? '', day, to });
      used.add(a.practitioner_id);
      break;
    }
  }
  return drags;
}

const span = (start: number, end: number, zone: string) =>
  `${DateTime.fromMillis(start, { zone }).toFormat('HH:mm')}–${DateTime.fromMillis(end, { zone }).toFormat('HH:mm')}`;

interface Dropped {
  ms: number;
  /** Mouse released → diary/move's answer in the page. */
  answeredMs: number;
  /** Mouse released → the frame that first shows it at the new time (still marked saving). */
  movedMs: number;
}

/** Drags the appointment in the day view to its new time; the drop → saved and painted. */
async function dragOne(page: Page, url: string, zone: string, drag: Drag): Promise<Dropped> {
  const a = drag.appointment;
  await page.goto(`${url}/app/diary?view=day&date=${drag.day}`);
  const headers = page.locator('.rbc-time-header .rbc-row-resource .rbc-header');
  await headers.first().waitFor();
  const names = await headers.allTextContents();
  const column = names.findIndex((n) => n.trim() === drag.practitionerName);
  if (column < 0) throw new Error(`no column for practitioner "${drag.practitionerName}"`);
  const slot = page.locator('.rbc-time-content .rbc-day-slot').nth(column);
  const oldLabel = span(ms(a.start), ms(a.end), zone);
  const event = slot
    .locator('.rbc-event')
    .filter({ has: page.locator('.rbc-event-label', { hasText: oldLabel }) })
    .first();
  await event.waitFor({ timeout: WAIT_MS });
  // In the middle of the screen, so that the new time nearby is on it too.
  await event.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center' }));
  const box = (await event.boundingBox())!;
  const column_ = (await slot.boundingBox())!;
  const pxPerMinute = column_.height / DAY_MINUTES;
  // The event's top goes where the new start is; a third of a slot down, as the calendar takes
  // the slot the top falls in.
  const minutes = (drag.to - ms(a.start)) / 60_000;
  const dy = minutes * pxPerMinute + (SLOT_MINUTES * pxPerMinute) / 3;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 10);
  const length = ms(a.end) - ms(a.start);
  const newLabel = span(drag.to, drag.to + length, zone);
  await page.evaluate(`(${DROP_WATCH_SCRIPT})(${JSON.stringify([column, newLabel])})`);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/diary/move'), {
    timeout: WAIT_MS,
  });
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy / 2, { steps: 4 });
  await page.mouse.move(x, y + dy, { steps: 4 });
  await page.mouse.up();
  const response = await answered;
  const body = (await response.json()) as Envelope<unknown>;
  const sent = JSON.parse(response.request().postData() ?? '{}') as { start?: string };
  if (!body.result)
    throw new Error(
      `diary/move refused the drop to ${sent.start}: ${body.messages.map((m) => m.text).join(' ')}`,
    );
  if (ms(sent.start ?? '') !== drag.to)
    throw new Error(
      `the drop asked for ${sent.start}, not ${new Date(drag.to).toISOString()} (${minutes} min)`,
    );
  await page.waitForFunction(
    () => (window as unknown as Watched).__placedAt.length > 0,
    undefined,
    { timeout: WAIT_MS, polling: 100 },
  );
  const moveEntry = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname === '/api/diary/move')
      .map((e) => (e as PerformanceResourceTiming).responseEnd)
      .pop(),
  );
  const { dropAt, movedAt, placedAt } = await page.evaluate(() => {
    const w = window as unknown as Watched;
    return { dropAt: w.__dropAt, movedAt: w.__movedAt, placedAt: w.__placedAt };
  });
  // Unmarked before the answer came would be a paint of the drag, not of the saved move.
  if (moveEntry !== undefined && placedAt[0]! < moveEntry)
    throw new Error('the drop was shown saved before diary/move answered');
  return {
    ms: placedAt[0]! - dropAt,
    answeredMs: (moveEntry ?? Number.NaN) - dropAt,
    movedMs: movedAt > 0 ? movedAt - dropAt : Number.NaN,
  };
}

async function loggedIn(context: BrowserContext, url: string, admin: Credentials): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.goto(`${url}/`);
  await submitLogin(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Menu' }).waitFor();
  return page;
}

interface Credentials {
  email: string;
  password: string;
}

const spread = (values: readonly number[]) =>
  `median ${median(values).toFixed(0)}, max ${Math.max(...values).toFixed(0)} ms`;

export async function diaryBrowserFigures(
  url: string,
  admin: Credentials,
  clinic: DiaryClinic,
): Promise<Figure[]> {
  if (!existsSync(join('dist', 'web', 'index.html')))
    return [{ name: 'diary in Chromium: skipped (run `npm run build` first)', value: 0, unit: '' }];
  const browser = await launchBrowser();
  const errors: string[] = [];
  try {
    const calibration = await calibrate(browser);
    const figures: Figure[] = [
      {
        name: 'calibration: fixed script in the page (100,000 objects sorted, JSON)',
        value: calibration,
        unit: 'ms',
        note: 'median of 5; the machine the diary browser figures came from',
      },
    ];
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      serviceWorkers: 'block',
    });
    await context.addInitScript(EVENT_PAINTS_SCRIPT);
    const page = await loggedIn(context, url, admin);
    page.on('pageerror', (error) => errors.push(error.message));
    const today = DateTime.now().setZone(clinic.zone);
    const monday = today.startOf('week').toISODate()!;

    const sunday = today.startOf('week').plus({ days: 6 }).toISODate()!;
    const all = clinic.practitioners;
    let workday = today.plus({ days: 1 });
    while (workday.weekday >= 6) workday = workday.plus({ days: 1 });
    const next = workday.toISODate()!;
    const week = (ids: readonly number[]): View => ({
      query: `view=week&date=${monday}&shown=${ids.join(',')}`,
      from: monday,
      to: sunday,
      practitionerIds: ids,
    });
    const cases: Array<{ name: string; view: View; note: string; from?: string }> = [
      {
        name: `diary week view, ${WEEK_MOST} practitioners side by side (the most it shows), answer → painted`,
        view: week(all.slice(0, WEEK_MOST)),
        note: `the week view shows at most ${WEEK_MOST} of the ${all.length} practitioners (useDiary.ts, WEEK_PRACTITIONERS_MAX): a week of all ${all.length} is not offered`,
      },
      {
        name: `  the same, switched to from the day view in the loaded app`,
        view: week(all.slice(0, WEEK_MOST)),
        from: `view=day&date=${monday}&shown=${all.slice(0, WEEK_MOST).join(',')}`,
        note: 'the View control clicked: the app, its code and the practitioners already loaded',
      },
      {
        name: 'diary week view, one practitioner (as it opens), answer → painted',
        view: week(all.slice(0, 1)),
        note: 'the week opens on the signed-in practitioner, else the first',
      },
      {
        name: `diary day view, all ${all.length} practitioners as columns (${next}), answer → painted`,
        view: { query: `view=day&date=${next}`, from: next, to: next },
        note: 'the view that shows every practitioner',
      },
    ];
    for (const { name, view, note, from } of cases) {
      try {
        const openings = await timeView(page, url, view, from);
        const times = openings.map((o) => o.ms);
        figures.push({
          name,
          value: median(times),
          unit: 'ms',
          budget: { limit: WEEK_BUDGET_MS, kind: 'max' },
          note: `${openings[0]!.appointments} appointments; ${spread(times)} of ${OPENINGS} openings (get_range's responseEnd → the frame after its last event); ${note}`,
        });
      } catch (error) {
        figures.push(failed(name, error, errors, WEEK_BUDGET_MS));
      }
    }

    try {
      const auth = await signIn(url);
      const from = today.plus({ days: 1 });
      const range = await post<Envelope<DiaryRange>>(url, 'diary/get_range', {
        ...auth,
        from: from.toISODate(),
        to: from.plus({ days: 13 }).toISODate(),
      });
      const drags = chooseDrags(range.data, clinic.zone, DRAGS);
      if (drags.length === 0)
        throw new Error(
          `no appointment of the ${range.data.appointments?.length} from ${from.toISODate()} has a free quarter hour nearby (${range.messages.map((m) => m.text).join(' ')})`,
        );
      const dropped: Dropped[] = [];
      for (const drag of drags) dropped.push(await dragOne(page, url, clinic.zone, drag));
      const times = dropped.map((d) => d.ms);
      figures.push({
        name: 'moving an appointment by drag: drop → saved and painted',
        value: median(times),
        unit: 'ms',
        budget: { limit: DRAG_BUDGET_MS, kind: 'max' },
        note: `${spread(times)} of ${dropped.length} drags in the day view; first drawn there (saving) after ${spread(dropped.map((d) => d.movedMs))}; diary/move answered after ${spread(dropped.map((d) => d.answeredMs))}`,
      });
    } catch (error) {
      figures.push(
        failed(
          'moving an appointment by drag: drop → saved and painted',
          error,
          errors,
          DRAG_BUDGET_MS,
        ),
      );
    }
    await context.close();
    return figures;
  } finally {
    await browser.close();
  }
}

/** A step the screen did not allow: no figure, but the reason, and over budget so it is seen. */
function failed(name: string, error: unknown, pageErrors: string[], budget: number): Figure {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const inPage = pageErrors.length ? `; page errors: ${[...new Set(pageErrors)].join(' | ')}` : '';
  return {
    name: `${name}: NOT MEASURED`,
    value: Number.POSITIVE_INFINITY,
    unit: 'ms',
    budget: { limit: budget, kind: 'max' },
    note: `${reason}${inPage}`,
  };
}
