/**
 * 1,000 reminders due in the same minute, sent by the bench's two server processes (issue 44,
 * point 6). They are scheduled the way the product schedules them: 1,000 appointments booked
 * through appointments/insert, whose onAppointmentChanged (src/server/messages/schedule.ts)
 * writes each reminder's log row and its pg-boss job for start − the type's reminder hours. Every
 * reminder falls due at the same instant T: a practitioner can not have two appointments at once,
 * so the 50 appointments of each of the 20 practitioners start 50 different whole hours after T,
 * each of a bench type whose reminder hours are that many, and at times the diary seed leaves
 * free (nights and weekends). Then the figures: how long after T the last one was 'sent' in
 * appointment_messages, and from the mail folder (DATA_DIR/mail/*.eml) whether each was mailed
 * exactly once.
 */
import { open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import pg from 'pg';
import { deleteAppointments, type DiaryClinic } from './diary-seed';
import { processCpu, post, type Figure } from './lib';
import { asOwner, signIn, type Auth, type Envelope, type ScaleData } from './scale';

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 1000);
/** Time to book them all before they fall due (the reminder of a past due time is not planned). */
const LEAD_SECONDS = Number(process.env.BENCH_REMINDER_LEAD_SECONDS ?? 150);
const BUDGET_SECONDS = 120;
/** How long after T the bench waits for the last one before counting the rest as not sent. */
const GIVE_UP_SECONDS = 3 * BUDGET_SECONDS;
/** Bookings sent at once: the diary queues writes per practitioner, so these run side by side. */
const BOOKERS = 4;
const MINUTES = 15;
const HOUR_MS = 3_600_000;
/** The type's field allows 0–336 hours. */
const MOST_HOURS = 336;
/** The seed's working day (09:00–16:57) with a margin: the bench's appointments keep out of it. */
const BUSY_FROM = 8 * 60 + 30;
const BUSY_UNTIL = 17 * 60 + 30;

const label = REMINDERS.toLocaleString('en');

async function must<T>(url: string, auth: Auth, path: string, body: object): Promise<T> {
  const reply = await post<Envelope<T>>(url, path, { ...auth, ...body });
  if (!reply.result) throw new Error(`${path}: ${reply.messages.map((m) => m.text).join(' ')}`);
  return reply.data;
}

/**
 * Whole hours h after `due` at which a 15-minute appointment lies outside the seed's working days
 * (a weekend, or before 08:30 / after 17:30 in the clinic's zone), `count` of them.
 */
function freeHours(due: number, zone: string, count: number): number[] {
  const hours: number[] = [];
  for (let h = 1; h <= MOST_HOURS && hours.length < count; h += 1) {
    const start = DateTime.fromMillis(due + h * HOUR_MS, { zone });
    const from = start.hour * 60 + start.minute;
    const weekend = start.weekday >= 6;
    if (weekend || from + MINUTES <= BUSY_FROM || from >= BUSY_UNTIL) hours.push(h);
  }
  if (hours.length < count)
    throw new Error(`only ${hours.length} free whole hours within ${MOST_HOURS} h of the due time`);
  return hours;
}

interface Booked {
  ids: number[];
  failures: string[];
  seconds: number;
}

/** Books every appointment through appointments/insert, `BOOKERS` at a time. */
async function book(url: string, auth: Auth, bodies: readonly object[]): Promise<Booked> {
  const started = performance.now();
  const ids: number[] = [];
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: BOOKERS }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const reply = await post<Envelope<{ appointment_id: number }>>(url, 'appointments/insert', {
          ...auth,
          ...body,
        });
        if (reply.result) ids.push(Number(reply.data.appointment_id));
        else failures.push(reply.messages.map((m) => m.text).join(' '));
      }
    }),
  );
  return { ids, failures, seconds: (performance.now() - started) / 1000 };
}

interface Progress {
  sent: number;
  failed: number;
  skipped: number;
  queued: number;
  last_sent: number | null;
  first_sent: number | null;
}

async function progress(data: ScaleData, ids: readonly number[]): Promise<Progress> {
  const [row] = await asOwner<Record<keyof Progress, string | null>>(
    data.ownerUrl,
    `select count(*) filter (where status = 'sent') as sent,
       count(*) filter (where status = 'failed') as failed,
       count(*) filter (where status = 'skipped') as skipped,
       count(*) filter (where status in ('queued', 'sending')) as queued,
       extract(epoch from max(sent_at)) * 1000 as last_sent,
       extract(epoch from min(sent_at)) * 1000 as first_sent
     from appointment_messages
     where company_id = $1 and kind = 'reminder' and channel = 'email'
       and appointment_id = any($2::bigint[])`,
    [data.demo, ids],
  );
  const n = (v: string | null | undefined) => Number(v ?? 0);
  return {
    sent: n(row?.sent),
    failed: n(row?.failed),
    skipped: n(row?.skipped),
    queued: n(row?.queued),
    last_sent: row?.last_sent == null ? null : Number(row.last_sent),
    first_sent: row?.first_sent == null ? null : Number(row.first_sent),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds so far of each server process (the first, the one it started), not PostgreSQL's. */
async function serverProcessesCpu(serverPid: number): Promise<Map<number, number>> {
  const [servers] = await (await processCpu()).byCommand(serverPid, [/src\/server\/main\.ts/]);
  return servers!;
}

/** The messages' Message-ID (`<company.kind-appointment-…@materia>`, send.ts): its appointment. */
const KEYED_ID = /^message-id:\s*<(\d+)\.(reminder|confirmation)-(\d+)-/im;

interface MailFile {
  file: string;
  kind: string;
  appointment: number;
}

/** The head of every .eml file in the folder that names one of the company's messages. */
async function keyedMails(folder: string, company: number): Promise<MailFile[]> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) =>
    n.endsWith('.eml'),
  );
  const mails: MailFile[] = [];
  for (const name of names) {
    const handle = await open(join(folder, name));
    try {
      const buffer = Buffer.alloc(4096);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      const head = buffer
        .subarray(0, bytesRead)
        .toString('utf8')
        .split(/\r?\n\r?\n/)[0]!;
      const match = KEYED_ID.exec(head);
      if (match && Number(match[1]) === company)
        mails.push({ file: name, kind: match[2]!, appointment: Number(match[3]) });
    } finally {
      await handle.close();
    }
  }
  return mails;
}

/** pg-boss's jobs of these messages: by state, and how many ran more than once. */
async function jobsOf(data: ScaleData, messageIds: readonly number[]) {
  const rows = await asOwner<{ state: string; n: string; again: string }>(
    data.ownerUrl,
    `select state, count(*) as n, count(*) filter (where retry_count > 0) as again
     from pgboss.job where name = 'messages'
       and (data ->> 'message_id')::bigint = any($1::bigint[])
     group by state order by state`,
    [messageIds],
  );
  return {
    text: rows.map((r) => `${r.state} ${r.n}`).join(', ') || 'none found',
    again: rows.reduce((sum, r) => sum + Number(r.again), 0),
  };
}

export async function reminderFigures(data: ScaleData, clinic: DiaryClinic): Promise<Figure[]> {
  const url = data.server.url;
  const auth = await signIn(url);
  const tag = Date.now().toString(36);
  const perPractitioner = Math.ceil(REMINDERS / clinic.practitioners.length);
  // T: a whole minute far enough ahead to book them all first.
  const due = Math.ceil((Date.now() + LEAD_SECONDS * 1000) / 60_000) * 60_000;
  const hours = freeHours(due, clinic.zone, perPractitioner);
  const types: number[] = [];
  for (const h of hours) {
    const made = await must<{ appointment_type_id: number }>(
      url,
      auth,
      'appointment_types/insert',
      {
        appointment_type_name: `Bench reminder ${h} h ${tag}`,
        appointment_type_duration_minutes: MINUTES,
        appointment_type_reminder_hours: h,
      },
    );
    types.push(Number(made.appointment_type_id));
  }
  const patients = (
    await asOwner<{ id: string }>(
      data.ownerUrl,
      `select patient_id as id from patients where company_id = $1 and patient_email <> ''
       order by patient_id limit $2`,
      [data.demo, REMINDERS],
    )
  ).map((r) => Number(r.id));
  if (patients.length === 0) throw new Error('the reminders bench found no patient with an e-mail');
  const bodies = Array.from({ length: REMINDERS }, (_, i) => {
    const slot = Math.floor(i / clinic.practitioners.length);
    return {
      appointment_patient_id: patients[i % patients.length],
      appointment_practitioner_id: clinic.practitioners[i % clinic.practitioners.length],
      appointment_type_id: types[slot],
      appointment_start: DateTime.fromMillis(due + hours[slot]! * HOUR_MS, { zone: clinic.zone })
        .set({ millisecond: 0 })
        .toISO({ suppressMilliseconds: true }),
      // Nights and weekends are outside the practitioners' hours: staff book them with a reason.
      appointment_override_reason: 'Bench: reminders due together',
    };
  });

  const booked = await book(url, auth, bodies);
  const bookedBy = Date.now();
  const messageRows = await asOwner<{ id: string; due_at: Date }>(
    data.ownerUrl,
    `select message_id as id, due_at from appointment_messages
     where company_id = $1 and kind = 'reminder' and channel = 'email'
       and appointment_id = any($2::bigint[])`,
    [data.demo, booked.ids],
  );
  const dueTogether = messageRows.filter((r) => r.due_at.getTime() === due).length;

  const serverPid = data.server.process.pid ?? 0;
  await sleep(Math.max(0, due - Date.now()));
  const [{ n: confirmationsWaiting } = { n: '0' }] = await asOwner<{ n: string }>(
    data.ownerUrl,
    `select count(*) as n from appointment_messages where company_id = $1
       and kind = 'confirmation' and status = 'queued' and appointment_id = any($2::bigint[])`,
    [data.demo, booked.ids],
  );
  const cpuBefore = await serverProcessesCpu(serverPid);
  let now = await progress(data, booked.ids);
  while (now.queued > 0 && Date.now() < due + GIVE_UP_SECONDS * 1000) {
    await sleep(500);
    now = await progress(data, booked.ids);
  }
  const waitedUntil = Date.now();
  const cpuAfter = await serverProcessesCpu(serverPid);
  const allSent = now.queued === 0 && now.sent === REMINDERS;

  const mails = await keyedMails(join(data.dataDir, 'mail'), data.demo);
  const reminderFiles = new Map<number, number>();
  for (const mail of mails.filter((m) => m.kind === 'reminder'))
    reminderFiles.set(mail.appointment, (reminderFiles.get(mail.appointment) ?? 0) + 1);
  const sentRows = await asOwner<{ appointment_id: string; attempts: number }>(
    data.ownerUrl,
    `select appointment_id, attempts from appointment_messages where company_id = $1
       and kind = 'reminder' and channel = 'email' and status = 'sent'
       and appointment_id = any($2::bigint[])`,
    [data.demo, booked.ids],
  );
  const sentAndFiled = sentRows.filter((r) => reminderFiles.has(Number(r.appointment_id))).length;
  const filesTwice = [...reminderFiles.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const triedTwice = sentRows.filter((r) => r.attempts > 1).length;
  const jobs = await jobsOf(
    data,
    messageRows.map((r) => Number(r.id)),
  );

  const cpu = [...cpuAfter].map(([pid, seconds]) => ({
    pid,
    first: pid === serverPid,
    seconds: seconds - (cpuBefore.get(pid) ?? seconds),
  }));
  const cpuTotal = cpu.reduce((sum, p) => sum + p.seconds, 0);
  const firstShare = cpuTotal ? (cpu.find((p) => p.first)?.seconds ?? 0) / cpuTotal : Number.NaN;
  const cpuText = cpu
    .sort((a, b) => Number(b.first) - Number(a.first))
    .map((p) => `${p.first ? 'first' : 'second'} (pid ${p.pid}) ${p.seconds.toFixed(1)} s`)
    .join(', ');

  const after = (at: number | null) => (at === null ? Number.NaN : (at - due) / 1000);
  const late =
    bookedBy > due ? ` BOOKING ENDED ${((bookedBy - due) / 1000).toFixed(0)} s AFTER T` : '';
  const failed = booked.failures.length
    ? `; ${booked.failures.length} bookings refused, e.g. "${booked.failures[0]}"`
    : '';
  const figures: Figure[] = [
    {
      name: `${label} reminders due in one minute, two server processes: all sent within`,
      // Not all sent: how long the bench waited for them (over budget), the rest counted below.
      value: allSent ? after(now.last_sent) : (waitedUntil - due) / 1000,
      unit: 's',
      budget: { limit: BUDGET_SECONDS, kind: 'max' },
      note:
        `${allSent ? '' : `NOT ALL SENT (gave up after ${GIVE_UP_SECONDS} s); `}` +
        `${dueTogether} of ${booked.ids.length} booked due at ${new Date(due).toISOString()}; ` +
        `first sent after ${after(now.first_sent).toFixed(1)} s; ` +
        `booking took ${booked.seconds.toFixed(0)} s (${BOOKERS} at a time), ` +
        `${confirmationsWaiting} confirmations still queued at T${late}${failed}`,
    },
    {
      name: `${label} reminders: sent more than once`,
      value: filesTwice + triedTwice,
      unit: '',
      budget: { limit: 0, kind: 'max' },
      note:
        `${filesTwice} with a second .eml in DATA_DIR/mail, ${triedTwice} with more than one ` +
        `attempt; jobs ${jobs.text}, ${jobs.again} run again (the file mailer writes a Message-ID ` +
        'once, so a second hand-over would show as a second attempt, not a second file)',
    },
    {
      name: `${label} reminders: not sent`,
      value: REMINDERS - sentAndFiled,
      unit: '',
      budget: { limit: 0, kind: 'max' },
      note:
        `sent ${now.sent} (with a file ${sentAndFiled}), failed ${now.failed}, ` +
        `skipped ${now.skipped}, still queued ${now.queued}; ${reminderFiles.size} reminder files`,
    },
    {
      name: `${label} reminders: the first server process's share of the servers' CPU`,
      value: firstShare * 100,
      unit: '%',
      note: `CPU from T to the last sent: ${cpuText} (pg-boss records no worker per job)`,
    },
  ];

  // Nothing of this stays for a later run on a kept data folder (BENCH_DATA_DIR).
  const owner = new pg.Client({ connectionString: data.ownerUrl });
  await owner.connect();
  try {
    await deleteAppointments(owner, data.demo, booked.ids);
    await owner.query(
      'delete from appointment_types where company_id = $1 and appointment_type_id = any($2::bigint[])',
      [data.demo, types],
    );
  } finally {
    await owner.end();
  }
  const ours = new Set(booked.ids);
  for (const mail of mails.filter((m) => ours.has(m.appointment)))
    await rm(join(data.dataDir, 'mail', mail.file), { force: true });
  return figures;
}
