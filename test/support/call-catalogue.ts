/**
 * A valid example payload for every call the server answers (`buildRegistry().allPaths()`), for
 * the generated isolation and privilege matrices and the fuzzer. Entity calls are derived from
 * their definitions, so a new entity set (or relation) joins by itself; every other call is
 * listed below. A call with no example makes `examplePayload` throw, naming the call, so the
 * matrices fail until somebody adds one.
 *
 * The row ids a payload names come from an IdSource: existing rows of the caller's own company
 * (the privilege matrix), another company's rows or ids that exist nowhere (the isolation matrix).
 */
import { entityByPath, type EntityDefinition } from '../../src/shared/entities';
import { TEST_PASSWORD } from './api';
import { sampleRow, sampleValue, Targets, writable } from '../api/entities-helpers';

export type Payload = Record<string, unknown>;

export interface IdSource {
  /** The id of a row of the entity set (under the category root, for a tree select). */
  row(entities: string, categoryRoot?: string): Promise<number>;
  /** A row the call may delete or use up, so that later calls still find `row`. */
  disposable(entities: string): Promise<number>;
  /** The id of the module named (`herbs`, `materia`…). */
  module(name: string): Promise<number>;
}

class MissingExample extends Error {}

/** Sample values of the entity helpers, with referenced rows taken from the IdSource. */
class SourceTargets extends Targets {
  constructor(private readonly ids: IdSource) {
    super(() => Promise.reject(new Error('the catalogue makes no calls')));
  }
  override referenceTo(entities: string, categoryRoot?: string): Promise<number> {
    return this.ids.row(entities, categoryRoot);
  }
  /** The company's sample user: a practitioner, its samples' days apart, so no clash. */
  override ownPractitioner(): Promise<number> {
    return this.ids.row('users');
  }
}

type Example = (ids: IdSource) => Payload | Promise<Payload>;

/** Calls that are not generic entity or preference calls: one example each. */
const NAMED: Record<string, Example> = {
  'audit/export': () => ({ filters: { action: 'update' } }),
  'audit/get_patient_history': async (ids) => ({ patient_id: await ids.row('patients') }),
  'audit/get_user_activity': async (ids) => ({ user_id: await ids.row('users') }),
  'audit/record_prescription_print': async (ids) => ({
    prescription_id: await ids.row('prescriptions'),
  }),
  'audit/list': () => ({ filters: { entity: 'patients' }, limit: 10 }),
  // Public booking: a type and practitioner of the caller's choosing, a time never on offer.
  'booking/book': async (ids) => ({
    appointment_type_id: await ids.row('appointment_types'),
    practitioner_id: await ids.row('users'),
    start: '2031-01-06T10:00:00+00:00',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '07700 900123',
    date_of_birth: '1985-12-10',
  }),
  'appointments/get_messages': async (ids) => ({
    appointment_id: await ids.row('appointments'),
  }),
  'booking/cancel': () => ({ manage_token: 'v1.1.1.1.not-signed' }),
  'booking/get_booking': () => ({ manage_token: 'v1.1.1.1.not-signed' }),
  'booking/get_options': () => ({}),
  'booking/get_slots': async (ids) => ({
    appointment_type_id: await ids.row('appointment_types'),
    practitioner_id: await ids.row('users'),
    from: '2031-01-06',
    to: '2031-01-12',
  }),
  'booking/reschedule': () => ({
    manage_token: 'v1.1.1.1.not-signed',
    start: '2031-01-06T10:00:00+00:00',
  }),
  'booking/accept_offer': () => ({ offer_token: 'not-an-offer' }),
  'booking/get_offer': () => ({ offer_token: 'not-an-offer' }),
  'captcha/challenge': () => ({}),
  'calendar_feeds/get': () => ({}),
  'calendar_feeds/renew': () => ({}),
  'dashboard/get_stats': () => ({}),
  'dashboard/get_stock_alerts': () => ({ days: 30 }),
  'diary/book_series': async (ids) => ({
    appointment_patient_id: await ids.row('patients'),
    appointment_practitioner_id: await ids.row('users'),
    start: '2031-01-06T10:00',
    end: '2031-01-06T10:30',
    override_reason: 'Matrix example',
    recurrence: { every_weeks: 1, count: 2 },
  }),
  'diary/cancel': async (ids) => ({
    appointment_id: await ids.disposable('appointments'),
    reason: 'Matrix example',
  }),
  'diary/get_patient_appointments': async (ids) => ({ patient_id: await ids.row('patients') }),
  'diary/get_range': () => ({ from: '2031-01-06', to: '2031-01-12' }),
  'diary/move': async (ids) => ({
    appointment_id: await ids.row('appointments'),
    start: '2031-02-03T10:00',
    override_reason: 'Matrix example',
  }),
  'diary/set_status': async (ids) => ({
    appointment_id: await ids.row('appointments'),
    status: 'confirmed',
  }),
  'diary/get_availability': async (ids) => ({
    from: '2026-03-30',
    to: '2026-04-05',
    practitioner_ids: [await ids.row('users')],
  }),
  'diary/get_due_for_review': () => ({ within_days: 14 }),
  'diary/print_day_sheet': async (ids) => ({
    practitioner_id: await ids.row('users'),
    date: '2026-03-09',
  }),
  'diary/send_rebooking': async (ids) => ({ patient_id: await ids.row('patients') }),
  'groups/get_available_privileges': () => ({}),
  'groups/get_group_privileges': async (ids) => ({ group_id: await ids.row('groups') }),
  'groups/sync_group_privileges': async (ids) => ({
    group_id: await ids.row('groups'),
    group_privileges: [],
  }),
  'modules/fetch_public_settings': () => ({}),
  'modules/get_public_settings': () => ({}),
  'modules/get_settings': () => ({}),
  'modules/reset_module_settings_to_default': async (ids) => ({
    module_id: await ids.module('herbs'),
  }),
  'modules/update_module_enabled': async (ids) => ({
    module_id: await ids.module('herbs'),
    module_enabled: 1,
  }),
  'modules/update_module_list': () => ({}),
  'modules/update_public_settings': async (ids) => ({
    module_id: await ids.module('materia'),
    field: 'colour_info',
    value: '#101010',
  }),
  'modules/update_settings': async (ids) => ({
    module_id: await ids.module('materia'),
    field: 'currency',
    value: 'EUR',
  }),
  'patientletters/get_printable': async (ids) => ({
    patientletter_id: await ids.row('patientletters'),
  }),
  'patientletters/check_merge_fields': async (ids) => ({
    patientletter_id: await ids.row('patientletters'),
  }),
  'patientletters/get_pdf': async (ids) => ({ patientletter_id: await ids.row('patientletters') }),
  'patientletters/get_sendings': async (ids) => ({
    patientletter_id: await ids.row('patientletters'),
  }),
  'patientletters/send': async (ids) => ({ patientletter_id: await ids.row('patientletters') }),
  'patientletters/insert_snippets': async (ids) => ({
    patientletter_id: await ids.row('patientletters'),
    snippet_ids: [await ids.row('snippets')],
  }),
  'patients/get_alerts': async (ids) => ({ patient_id: await ids.row('patients') }),
  'patients/add_medication_named': async (ids) => ({
    id: await ids.row('patients'),
    name: 'Warfarin',
  }),
  'prescriptions/dispense': async (ids) => ({
    prescription_id: await ids.disposable('prescriptions'),
    reason: 'Discussed with the patient.',
  }),
  'prescriptions/get_safety_facts': async (ids) => ({
    prescription_id: await ids.row('prescriptions'),
    herb_ids: [await ids.row('herbs')],
    dispensary_product_ids: [await ids.row('dispensary_products')],
  }),
  'prescriptions/get_lines': async (ids) => ({ prescription_id: await ids.row('prescriptions') }),
  'prescriptions/get_batches': async (ids) => ({
    prescription_id: await ids.row('prescriptions'),
  }),
  'prescriptions/get_formulas': async (ids) => ({
    prescription_patient_id: await ids.row('patients'),
  }),
  'prescriptions/repeat': async (ids) => ({ prescription_id: await ids.row('prescriptions') }),
  'prescriptions/save_lines': async (ids) => ({
    prescription_id: await ids.row('prescriptions'),
    lines: [{ prescription_line_herb_id: await ids.row('herbs'), prescription_line_quantity: 5 }],
  }),
  'search/everywhere': () => ({ text: 'an' }),
  'stock/adjust': async (ids) => ({
    batch_id: await ids.row('batches'),
    quantity: 1,
    reason: 'Found on the shelf',
  }),
  'stock/batch_trace': async (ids) => ({ batch_id: await ids.row('batches') }),
  'stock/receive': async (ids) => ({
    dispensary_product_id: await ids.row('dispensary_products'),
    batch_name: 'L-1',
    quantity: 500,
  }),
  'stock/stock_take': async (ids) => ({
    counts: [{ batch_id: await ids.row('batches'), counted: 700 }],
  }),
  'stock/write_off_expired': () => ({}),
  'users/change_my_password': () => ({
    old_password: TEST_PASSWORD,
    new_password: TEST_PASSWORD,
  }),
  'users/check_authentication': () => ({}),
  'users/get_user_privileges': () => ({}),
  'users/login': () => ({ user_email: 'nobody@example.com', password: TEST_PASSWORD }),
  'users/login_status': () => ({ user_email: 'nobody@nowhere.test' }),
  'users/logout': () => ({}),
  'users/remove_avatar': async (ids) => ({ user_id: await ids.row('users') }),
  'users/request_password_reset': () => ({ user_email: 'nobody@example.com' }),
  'users/reset_password': () => ({ token: 'not-a-token', password: 'Another-Pass-9' }),
  'users/send_password_reset': async (ids) => ({ user_id: await ids.row('users') }),
  'users/set_password': async (ids) => ({
    user_id: await ids.disposable('users'),
    password: 'Another-Pass-9',
  }),
  'users/unlock': () => ({ password: TEST_PASSWORD }),
  'users/update_my_details': () => ({ field: 'user_first_name', value: 'Tess' }),
  'users/upload_avatar': async (ids) => ({
    user_id: await ids.row('users'),
    content_type: 'image/png',
    // A 1 × 1 transparent PNG.
    data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  }),
};

const PREFERENCES = /^(get_my_preferences|update_my_preference|reset_my_preferences)_for_module$/;

async function preferencePayload(module: string, verb: string, ids: IdSource): Promise<Payload> {
  const module_id = await ids.module(module);
  return verb.startsWith('update')
    ? { module_id, field: 'matrix_example', value: { seen: true } }
    : { module_id };
}

/** The relation a `bulk_link` example changes: one any holder of the route may change, if any. */
export const bulkLinkRelation = (d: EntityDefinition) =>
  d.relations.find((r) => !r.adminOnly) ?? d.relations[0];

/** The generic calls of an entity set, built from its definition. */
async function entityPayload(
  d: EntityDefinition,
  verb: string,
  ids: IdSource,
): Promise<Payload | undefined> {
  const key = d.keys.id;
  const own = () => ids.row(d.entities);
  const targets = new SourceTargets(ids);
  switch (verb) {
    case 'list':
    case 'typeahead':
      return { page: 1, limit: 5 };
    case 'count':
    case 'export':
      return {};
    case 'import':
      // The read step: the file's headers and a guessed mapping, nothing written.
      return { step: 'read', file: Buffer.from('Name\nSample\n').toString('base64') };
    case 'get':
      return { [key]: await own() };
    case 'insert':
      return sampleRow(d, targets);
    case 'update': {
      // Every field read-only (modules): the call still exists, and refuses any field.
      const field =
        writable(d).find((f) => !f.adminOnly && f.type === 'input') ??
        writable(d)[0] ??
        d.fields[0];
      if (!field) return undefined;
      return {
        [key]: await own(),
        field: field.name,
        value: await sampleValue(field, Date.now() % 100_000, targets, 2),
      };
    }
    case 'delete':
      return { selected: [await ids.disposable(d.entities)] };
    case 'bulk_count':
      return {};
    case 'bulk_delete':
      return { selected: [await ids.disposable(d.entities)], expected_count: 1 };
    case 'bulk_update': {
      const one = await entityPayload(d, 'update', ids);
      if (!one) return undefined;
      const { [key]: id, ...change } = one;
      return { ...change, selected: [id], expected_count: 1 };
    }
    case 'bulk_link': {
      const relation = bulkLinkRelation(d);
      if (!relation) return undefined;
      const relation_id = await ids.row(relation.entities);
      return {
        selected: [await own()],
        expected_count: 1,
        change: 'add',
        relation_name: relation.name,
        relation_id,
      };
    }
    case 'typeahead_labels':
      return { ids: [await own()] };
    case 'reorder_list':
      return { order: [await own()] };
    case 'get_relation_ids':
    case 'get_relation_id':
      return { [key]: await own(), relation_name: d.relations[0]?.name ?? 'none' };
    case 'get_all_flat':
      return {};
    case 'get_children':
      return d.tree ? { [d.tree.parent]: await own() } : undefined;
    case 'change_parent':
      return d.tree ? { [key]: await own(), [d.tree.parent]: 0 } : undefined;
  }
  const relationCall = /^(add|remove|sync|get)_(.+)$/.exec(verb);
  const relation = d.relations.find((r) => r.name === relationCall?.[2]);
  if (!relationCall || !relation) return undefined;
  const related = await ids.row(relation.entities);
  switch (relationCall[1]) {
    case 'get':
      return { [key]: await own() };
    case 'sync':
      return { [key]: await own(), relations: [related] };
    default:
      return { [key]: await own(), relation_id: related };
  }
}

/** A valid payload of the call, or MissingExample naming it. */
export async function examplePayload(path: string, ids: IdSource): Promise<Payload> {
  const named = NAMED[path];
  if (named) return named(ids);
  const [first = '', verb = ''] = path.split('/');
  if (PREFERENCES.test(verb)) return preferencePayload(first, verb, ids);
  const definition = entityByPath(first);
  const payload = definition ? await entityPayload(definition, verb, ids) : undefined;
  if (payload) return payload;
  throw new MissingExample(
    `No example payload for the call "${path}": add one to test/support/call-catalogue.ts.`,
  );
}

/** Counts the ids a payload was built with (a call without ids has nothing to compare). */
export function countingIds(ids: IdSource): { source: IdSource; used: () => number } {
  let used = 0;
  const count =
    <A extends unknown[]>(f: (...args: A) => Promise<number>) =>
    (...args: A) => {
      used++;
      return f(...args);
    };
  return {
    source: {
      row: count(ids.row.bind(ids)),
      disposable: count(ids.disposable.bind(ids)),
      module: count(ids.module.bind(ids)),
    },
    used: () => used,
  };
}
