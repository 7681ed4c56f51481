/**
 * Row locks (`lockedWhen`) are enforced by the generic engine from the definition,
 * for every entity set: update, delete, relation and tree calls refuse a locked row. A dispensed
 * prescription is the one lock the definitions declare today; the engine's calls are also driven
 * directly with locked variants of patients and categories (real database, real engine), which
 * is what "any entity set that declares a lock" means.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, patients, type EntityDefinition } from '../../src/shared/entities';
import type { CallContext } from '../../src/server/http/calls';
import type { AuthUser } from '../../src/server/domain/caller';
import type { Company } from '../../src/server/domain/company';
import { ApiError } from '../../src/server/http/errors';
import { inTenant } from '../../src/server/db/tenancy';
import { changeRelation, relationOf } from '../../src/server/entities/relations';
import { EntityService } from '../../src/server/entities/service';
import { changeParent } from '../../src/server/entities/tree';
import { useTestServer } from '../support/test-env';
import { callerFor, receiveStock, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });
let c: Caller;
let patientId: number;
let productId: number;

const text = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');
const DISPENSED = 'A dispensed prescription can not be changed.';

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  patientId = (
    await c<Row>('patients/insert', { patient_first_name: 'Ivy', patient_last_name: 'Lane' })
  ).data.patient_id as number;
  const herb = (await c<Row>('herbs/insert', { herb_name: 'Chamomile' })).data.herb_id;
  productId = (
    await c<Row>('dispensary_products/insert', {
      dispensary_product_name: 'Chamomile tincture',
      dispensary_product_herb_id: herb,
      dispensary_product_unit_kind: 'volume',
    })
  ).data.dispensary_product_id as number;
  await receiveStock(c, productId, 1_000_000);
});

const draftPrescription = async () => {
  const id = (await c<Row>('prescriptions/insert', { prescription_patient_id: patientId })).data
    .prescription_id as number;
  await c('prescriptions/save_lines', {
    prescription_id: id,
    lines: [
      {
        prescription_line_dispensary_product_id: productId,
        prescription_line_quantity: 10,
        prescription_line_unit_kind: 'volume',
        prescription_line_price: 1,
      },
    ],
  });
  return id;
};

describe('a dispensed prescription', () => {
  it('refuses update, delete, save_lines and a second dispense, and stays as it was', async () => {
    const id = await draftPrescription();
    expect((await c('prescriptions/dispense', { prescription_id: id })).status).toBe(200);
    const before = (await c<Row>('prescriptions/get', { prescription_id: id })).data;
    const refusals = await Promise.all([
      c('prescriptions/update', { prescription_id: id, field: 'prescription_notes', value: 'x' }),
      c('prescriptions/delete', { selected: [id] }),
      c('prescriptions/save_lines', { prescription_id: id, lines: [] }),
      c('prescriptions/dispense', { prescription_id: id }),
    ]);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(text(refusal)).toBe(DISPENSED);
    }
    expect((await c<Row>('prescriptions/get', { prescription_id: id })).data).toEqual(before);
  });

  it('is never deleted by a delete racing its dispense', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await draftPrescription();
      const [dispensed, deleted] = await Promise.all([
        c('prescriptions/dispense', { prescription_id: id }),
        c('prescriptions/delete', { selected: [id] }),
      ]);
      // One of the two, never both: a dispensed prescription is the record of what was given.
      expect([dispensed.status, deleted.status].sort()).toEqual(
        dispensed.status === 200 ? [200, 400] : [200, 404],
      );
    }
  });
});

/** The engine's own calls, inside a company's transaction as a call runs them. */
async function asAdmin<T>(work: (ctx: CallContext) => Promise<T>): Promise<T> {
  const company: Company = {
    company_id: env.company.companyId,
    company_slug: env.company.slug,
    company_name: 'Test Clinic',
  };
  return inTenant(env.server.database.db, company.company_id, (trx) =>
    work({
      trx,
      caller: { company, user: null, ip: '127.0.0.1', userAgent: 'test' },
      services: env.server.services,
      user: { user_id: 1, is_admin: true, group_ids: [1], privileges: [] } as unknown as AuthUser,
      audit: async (entry) => {
        await trx
          .insertInto('audit_log')
          .values({
            company_id: company.company_id,
            user_id: 1,
            action: entry.action,
            entity: entry.entity,
            entity_id: entry.entity_id == null ? null : String(entry.entity_id),
            after: JSON.stringify(entry.after ?? null),
          })
          .execute();
      },
    }),
  );
}

/** What the engine answered: the refusal's text, or 'done'. */
const outcome = async (work: (ctx: CallContext) => Promise<unknown>): Promise<string> => {
  try {
    await asAdmin(work);
    return 'done';
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
};

describe('any entity set that declares lockedWhen', () => {
  const CLOSED = 'This patient record is closed.';
  const closedPatients: EntityDefinition = {
    ...patients,
    lockedWhen: { field: 'patient_reference_number', value: 'CLOSED', text: CLOSED },
  };
  const service = new EntityService(closedPatients, {});
  let closed: number;
  let open: number;
  let conditionId: number;

  beforeAll(async () => {
    const made = async (reference: string) =>
      (
        await c<Row>('patients/insert', {
          patient_first_name: 'Lock',
          patient_last_name: reference,
          patient_reference_number: reference,
        })
      ).data.patient_id as number;
    closed = await made('CLOSED');
    open = await made('OPEN');
    conditionId = (await c<Row>('conditions/insert', { condition_name: 'Insomnia' })).data
      .condition_id as number;
  });

  it('refuses update and delete of a locked row, not of an open one', async () => {
    expect(await outcome((ctx) => service.update(ctx, closed, 'patient_notes', 'x'))).toBe(CLOSED);
    expect(await outcome((ctx) => service.delete(ctx, [open, closed]))).toBe(CLOSED);
    expect(await outcome((ctx) => service.update(ctx, open, 'patient_notes', 'x'))).toBe('done');
    const still = await c<Row[]>('patients/list', { filters: { patient_last_name: '=OPEN' } });
    expect(still.data).toHaveLength(1); // the all-or-nothing delete removed nothing
  });

  it('refuses add, remove and sync of a locked row’s relations', async () => {
    const relation = relationOf(closedPatients, 'conditions');
    for (const change of ['add', 'remove', 'sync'] as const) {
      expect(
        await outcome((ctx) =>
          changeRelation(ctx, closedPatients, {}, relation, change, closed, [conditionId]),
        ),
      ).toBe(CLOSED);
    }
    expect(
      await outcome((ctx) =>
        changeRelation(ctx, closedPatients, {}, relation, 'add', open, [conditionId]),
      ),
    ).toBe('done');
  });

  it('refuses moving a locked node of a tree', async () => {
    const FROZEN = 'This category is frozen.';
    const frozenCategories: EntityDefinition = {
      ...categories,
      lockedWhen: { field: 'category_label', value: 'Frozen', text: FROZEN },
    };
    const id = (
      await c<Row>('categories/insert', { category_label: 'Frozen', category_key: 'frz' })
    ).data.category_id as number;
    const parent = (
      await c<Row>('categories/insert', { category_label: 'Shelf', category_key: 'shf' })
    ).data.category_id as number;
    expect(await outcome((ctx) => changeParent(ctx, frozenCategories, id, parent))).toBe(FROZEN);
    expect(await outcome((ctx) => changeParent(ctx, categories, id, parent))).toBe('done');
  });
});
