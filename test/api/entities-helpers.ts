/**
 * Helpers of the entity API tests: valid sample values for any field of any definition, rows
 * made through the API (with whatever they must reference), and short call wrappers.
 */
import type { EntityDefinition, FieldDefinition } from '../../src/shared/entities';
import { entityByPath } from '../../src/shared/entities';
import type { UserToken } from '../../src/shared/envelope';
import { todayIso } from '../../src/shared/iso-date';
import { call, type CallResponse, type TestCompany, type TestServer } from '../support/api';

export type Row = Record<string, unknown>;
export type Caller = <T = unknown>(path: string, payload?: Row) => Promise<CallResponse<T>>;

export const callerFor =
  (server: TestServer, company: TestCompany, token: UserToken): Caller =>
  (path, payload = {}) =>
    call(server, company, path, payload, token);

/** A reply's messages as one line, for assertions and failure output. */
export const messageText = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');

/** The id an insert answers under `key`; throws with the reply's messages when it is refused. */
export async function insertedId(c: Caller, path: string, values: Row, key: string) {
  const reply = await c<Row>(path, values);
  if (!reply.result) throw new Error(`${path} refused: ${JSON.stringify(reply.messages)}`);
  return reply.data[key] as number;
}

/** The date `days` from today (negative: before), as YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let counter = 0;
/** A fresh number per sample, so unique columns never clash within a test file. */
export const nextSample = () => ++counter;

export const writable = (d: EntityDefinition) => d.fields.filter((f) => !f.readOnly);

/** Ids of rows other samples point at: the first existing row, or a new one. */
export class Targets {
  private readonly cache = new Map<string, number>();
  /** Sets whose first row is being made: a row of one pointing at its own set (a room's site). */
  private readonly making = new Set<string>();
  constructor(readonly c: Caller) {}

  async idOf(entities: string, categoryRoot?: string): Promise<number> {
    const id = await this.referenceTo(entities, categoryRoot);
    if (id === null) throw new Error(`${entities}: no row yet, its first is being made`);
    return id;
  }

  /** A new user for one sample (a sample user is a practitioner: its toggles are on). */
  async ownPractitioner(): Promise<number> {
    return (await insertSample(this.c, entityByPath('users') as EntityDefinition, this)).id;
  }

  /** A sample's reference: null only to the set whose first row is being made (none exists). */
  async referenceTo(entities: string, categoryRoot?: string): Promise<number | null> {
    const key = categoryRoot ? `categories:${categoryRoot}` : entities;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    if (this.making.has(key)) return null;
    const d = entityByPath(entities) as EntityDefinition;
    const filters = categoryRoot ? { search: `=${categoryRoot}` } : {};
    const found = await this.c<Row[]>(`${entities}/list`, { limit: 1, filters });
    let id = found.data[0]?.[d.keys.id] as number | undefined;
    if (id === undefined) {
      this.making.add(key);
      id = (await insertSample(this.c, d, this).finally(() => this.making.delete(key))).id;
    }
    // Working hours and exceptions accept only a practitioner: the sample user is one.
    if (entities === 'users')
      await this.c('users/update', { user_id: id, field: 'user_practitioner', value: 1 });
    this.cache.set(key, id);
    return id;
  }
}

/** A field whose value ends a span its partner starts (an end, the last day, "not after"). */
const endsASpan = (field: FieldDefinition) => /_(end|until|latest|to)$/.test(field.name);

/** A wall-clock time of day (the `timeOfDay` builder): its rule takes HH:mm and nothing else. */
const isTimeOfDay = (field: FieldDefinition) =>
  field.maxLength === 5 &&
  field.rule.safeParse('09:00').success &&
  !field.rule.safeParse('9 am').success;

const DAY_MS = 86_400_000;
/** Variant 1 instants: one day each from here, 09:00–09:45 UTC, so no two samples overlap. */
const FIRST_SAMPLE_DAY = Date.UTC(2031, 0, 6, 9, 0);

/**
 * An instant as the API answers it (UTC, milliseconds). Variant 1: the sample's own day; an end
 * 45 minutes after its start. Variant 2 (an update): a start before, an end after, every variant
 * 1 sample, so a span changed at either end still runs forwards.
 */
function sampleInstant(field: FieldDefinition, n: number, variant: number): string {
  const ends = endsASpan(field);
  const day = variant === 1 ? n : ends ? 40_000 + n : -n;
  return new Date(FIRST_SAMPLE_DAY + day * DAY_MS + (ends ? 45 * 60_000 : 0)).toISOString();
}

/** A valid value of the field; `variant` 2 gives a different valid value for updates. */
export async function sampleValue(
  field: FieldDefinition,
  n: number,
  targets: Targets,
  variant = 1,
): Promise<unknown> {
  const tag = `v${n}x${variant}`;
  switch (field.type) {
    case 'html':
      return `<p>Text ${tag}</p>`;
    case 'url':
      return `https://example.com/${tag}`;
    case 'tel':
      return `01632 96${String(n % 10_000).padStart(4, '0')}`;
    case 'colour':
      return variant === 1 ? '#123456' : '#654321';
    case 'date': {
      if (field.instant) return sampleInstant(field, n, variant);
      // A span's end is later than either variant of its start (1998-1999 against 1991-1992).
      const year = endsASpan(field) ? 7 + variant : variant;
      return `199${year}-0${variant}-1${variant}${field.timed ? ` 1${variant}:30:00` : ''}`;
    }
    case 'toggle':
      return variant === 1 ? 1 : 0;
    case 'select':
    case 'select_buttons': {
      const options = field.options ?? [];
      return (options[variant - 1] ?? options[0])?.value;
    }
    case 'number': {
      if (field.money) return 10 * variant + 0.5;
      const base = field.name.endsWith('_max') ? 10_000 : (field.min ?? 0) + 1000;
      // Under a small maximum (an age in years), still two different values.
      const value = base * variant;
      return field.max !== undefined && value > field.max ? field.max - variant + 1 : value;
    }
    case 'single_select_relation':
    case 'tree_select':
      if (variant === 2 && !field.required) return null;
      return targets.referenceTo(field.references as string, field.categoryRoot);
    default:
      if (field.name.endsWith('email')) return `${tag}@example.com`;
      if (isTimeOfDay(field))
        return `${String((endsASpan(field) ? 16 : 8) + variant).padStart(2, '0')}:00`;
      if ((field.maxLength ?? 255) <= 3) return shortCode(n * 2 + variant, field.maxLength ?? 3);
      return `${tag} ${field.label}`.slice(0, field.maxLength ?? 255).trim();
  }
}

/** Lower-case letters unique per n (ISO country codes are upper-case, so never clash). */
function shortCode(n: number, length: number): string {
  let code = '';
  for (let i = 0, rest = n; i < length; i++, rest = Math.floor(rest / 26))
    code += String.fromCharCode(97 + (rest % 26));
  return code;
}

/**
 * What a set's own rules need of a sample beyond valid fields, set after them. An appointment
 * has a practitioner of its own, so that an update that widens its span (variant 2 instants)
 * clashes with no other sample; and no room (a room must be a location of kind 'room' at the
 * appointment's location: the diary's own tests cover rooms).
 */
const SAMPLE_RULES: Readonly<Record<string, (targets: Targets) => Promise<Row>>> = {
  appointments: async (targets) => ({
    appointment_practitioner_id: await targets.ownPractitioner(),
    appointment_room_id: null,
  }),
};

/** Values for every writable, non-admin-only field. */
export async function sampleRow(d: EntityDefinition, targets: Targets, variant = 1): Promise<Row> {
  const n = nextSample();
  const row: Row = {};
  for (const field of writable(d)) {
    if (field.adminOnly) continue;
    row[field.name] = await sampleValue(field, n, targets, variant);
  }
  return { ...row, ...(await SAMPLE_RULES[d.entities]?.(targets)) };
}

export async function insertSample(
  c: Caller,
  d: EntityDefinition,
  targets: Targets,
  extra: Row = {},
) {
  const values = { ...(await sampleRow(d, targets)), ...extra };
  if (d.entities === 'batches') return receiveSample(c, values);
  const reply = await c<Row>(`${d.entities}/insert`, values);
  if (!reply.result) throw new Error(`insert ${d.entities}: ${JSON.stringify(reply.messages)}`);
  return { id: reply.data[d.keys.id] as number, row: reply.data, values };
}

/** Whether insertSample can make a row of the set (batches are received, not inserted). */
export const makeable = (d: EntityDefinition) => d.capabilities.insert || d.entities === 'batches';

/** Receives a batch of the product (stock/receive); the batch's id. */
export async function receiveStock(
  c: Caller,
  productId: number,
  quantity: number,
  batch: Row = {},
): Promise<number> {
  const reply = await c<{ batch_id: number }>('stock/receive', {
    dispensary_product_id: productId,
    batch_name: `B-${nextSample()}`,
    quantity,
    ...batch,
  });
  if (!reply.result) throw new Error(`stock/receive: ${JSON.stringify(reply.messages)}`);
  return reply.data.batch_id;
}

/** Batches are made by receiving stock (stock/receive), never by an insert call. */
async function receiveSample(c: Caller, values: Row) {
  const { batch_dispensary_product_id, ...batch } = values;
  const received = await c<{ batch_id: number }>('stock/receive', {
    ...batch,
    dispensary_product_id: batch_dispensary_product_id,
    quantity: 1000,
  });
  if (!received.result) throw new Error(`stock/receive: ${JSON.stringify(received.messages)}`);
  const id = received.data.batch_id;
  const reply = await c<Row>('batches/get', { batch_id: id });
  return { id, row: reply.data, values };
}

/** One writable field per editor type, for "update each field type" tests. */
export function oneFieldPerType(d: EntityDefinition): FieldDefinition[] {
  const seen = new Set<string>();
  return writable(d).filter((f) => !f.adminOnly && !seen.has(f.type) && seen.add(f.type));
}
