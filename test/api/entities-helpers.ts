/**
 * Helpers of the entity API tests: valid sample values for any field of any definition, rows
 * made through the API (with whatever they must reference), and short call wrappers.
 */
import type { EntityDefinition, FieldDefinition } from '../../src/shared/entities';
import { entityByPath } from '../../src/shared/entities';
import type { UserToken } from '../../src/shared/envelope';
import { todayIso } from '../../src/shared/iso-date';
import { call, type CallResponse, type TestCompany, type TestServer } from '../support/api';
import { plainSampleValue } from '../support/sample-values';

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

/** A valid value of the field; `variant` 2 gives a different valid value for updates. */
export async function sampleValue(
  field: FieldDefinition,
  n: number,
  targets: Targets,
  variant = 1,
): Promise<unknown> {
  if (field.type !== 'single_select_relation' && field.type !== 'tree_select')
    return plainSampleValue(field, n, variant);
  if (variant === 2 && !field.required) return null;
  return targets.referenceTo(field.references as string, field.categoryRoot);
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
