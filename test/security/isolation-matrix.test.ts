/**
 * The tenant-isolation matrix, generated from the call registry and the entity
 * definitions: every call the server answers, made by company A's admin
 *  - with A's slug and ids of rows only company B has → the same answer (status, result, data,
 *    message text) as for ids that exist nowhere;
 *  - with B's slug → refused as unauthenticated (public calls: answered as to anybody, the token
 *    ignored);
 * and B's rows, read as B, are exactly as before once the whole matrix has run. A call added
 * later joins by itself; one without an example payload fails, naming the call.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/server/api';
import { inTenant } from '../../src/server/db/tenancy';
import { ENTITIES } from '../../src/shared/entities';
import type { UserToken } from '../../src/shared/envelope';
import { call, newCompany, type CallResponse, type TestCompany } from '../support/api';
import {
  countingIds,
  examplePayload,
  type IdSource,
  type Payload,
} from '../support/call-catalogue';
import { snapshotCompany, type TenantSnapshot } from '../support/tenant-snapshot';
import { useTestServer } from '../support/test-env';
import { adminToken } from '../support/users';
import { moduleIdsOf } from '../support/module-ids';
import { idIn, rowOfEachEntity } from '../support/entity-rows';

const env = useTestServer({ company: false });
const registry = buildRegistry();

/** B's own rows are numbered from here on, far above anything A reaches during the run. */
const B_FIRST_ID = 7_100_000;
/** Ids that exist in no company: B's id plus this. */
const NOWHERE_OFFSET = 200_000;
const B_ID = /\b71000\d\d\b/g;
const ANY_MATRIX_ID = /\b7[13]000\d\d\b/g;

let a: TestCompany;
let b: TestCompany;
let aAdmin: UserToken;
let aModules: Map<string, number>;
let aOwn: Map<string, number>;
let bOnly: Map<string, number>;
let bBefore: TenantSnapshot;

/** Numbers B's new rows from B_FIRST_ID + 1, in every entity table. */
async function raiseBIds(): Promise<void> {
  await inTenant(env.server.database.db, b.companyId, async (trx) => {
    for (const d of ENTITIES) {
      await sql`select tenant_next_id(${b.companyId}, ${d.table}, ${B_FIRST_ID})`.execute(trx);
    }
  });
}

const B_IDS: IdSource = {
  row: (entities) => idIn(bOnly, entities),
  disposable: (entities) => idIn(bOnly, entities),
  module: () => idIn(bOnly, 'modules'),
};

/** A's own row for the call's own entity set (and A's modules), B's rows for all it points at. */
function pointingAtB(path: string) {
  const own = path.split('/')[0];
  let foreign = 0;
  const pick = (entities: string) => {
    if (entities === own) return idIn(aOwn, entities);
    foreign++;
    return idIn(bOnly, entities);
  };
  const source: IdSource = { row: pick, disposable: pick, module: (name) => idIn(aModules, name) };
  return { source, foreign: () => foreign };
}

/** The same payload with each of B's ids replaced by one that exists nowhere. */
const nowhere = (payload: Payload): Payload =>
  JSON.parse(
    JSON.stringify(payload).replace(B_ID, (id) => String(Number(id) + NOWHERE_OFFSET)),
  ) as Payload;

/** An answer with the ids it echoes masked, so B's and nowhere's can be compared. */
const masked = (reply: CallResponse) =>
  JSON.parse(JSON.stringify(reply).replace(ANY_MATRIX_ID, '<id>')) as unknown;

/** The call with B's ids answers exactly as with ids that exist nowhere (ids masked). */
async function expectAsIfNowhere(path: string, payload: Payload): Promise<void> {
  const missing = await call(env.server, a, path, nowhere(payload), aAdmin);
  const bs = await call(env.server, a, path, payload, aAdmin);
  expect(masked(bs)).toEqual(masked(missing));
}

beforeAll(async () => {
  a = await newCompany(env.server, 'Clinic A');
  b = await newCompany(env.server, 'Clinic B');
  aAdmin = await adminToken(env.server, a);
  aModules = new Map(Object.entries(await moduleIdsOf(env.server, a, aAdmin)));
  aOwn = await rowOfEachEntity(env.server, a, aAdmin);
  await raiseBIds();
  bOnly = await rowOfEachEntity(env.server, b, await adminToken(env.server, b));
  for (const [entities, id] of bOnly) {
    if (id <= B_FIRST_ID) throw new Error(`B's ${entities} row got id ${id}, not a B-only id.`);
  }
  bBefore = await snapshotCompany(env.server, b.companyId);
}, 120_000);

describe.each(registry.allPaths())('%s', (path) => {
  const isPublic = registry.find(path)?.access === 'public';

  it("answers A's admin about B's rows exactly as about rows that exist nowhere", async () => {
    const ids = countingIds(B_IDS);
    const payload = await examplePayload(path, ids.source);
    if (ids.used() === 0) return; // no row named: nothing of B's to reach
    await expectAsIfNowhere(path, payload);
  });

  it("answers A's admin about A's row pointing at B's rows as if they existed nowhere", async () => {
    const ids = pointingAtB(path);
    const payload = await examplePayload(path, ids.source);
    if (ids.foreign() === 0) return; // the call names no row of another entity set
    await expectAsIfNowhere(path, payload);
  });

  it(`with B's slug ${isPublic ? 'ignores the token' : 'fails authentication'}`, async () => {
    const payload = await examplePayload(path, B_IDS);
    const reply = await call(env.server, b, path, payload, aAdmin);
    if (!isPublic) {
      expect(reply).toMatchObject({
        status: 401,
        result: false,
        authentication_failed: true,
        data: null,
      });
      return;
    }
    const anonymous = await call(env.server, b, path, payload);
    expect({ status: reply.status, result: reply.result, messages: reply.messages }).toEqual({
      status: anonymous.status,
      result: anonymous.result,
      messages: anonymous.messages,
    });
  });
});

describe('after the whole matrix', () => {
  it("B's rows, read as B, are exactly as before", async () => {
    expect(await snapshotCompany(env.server, b.companyId)).toEqual(bBefore);
  });
});
