/**
 * Held statements (src/server/db/held-statements.ts) on the application's real pool: they go out
 * with the next statement, in order, and a held statement's failure fails the call.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { held } from '../../src/server/db/held-statements';
import { inTenant } from '../../src/server/db/tenancy';
import { newCompany, startTestServer, type TestCompany, type TestServer } from '../support/api';

let server: TestServer;
let company: TestCompany;

beforeAll(async () => {
  server = await startTestServer();
  company = await newCompany(server, 'Held Clinic');
});
afterAll(async () => {
  await server?.close();
});

const inCompany = <T>(work: Parameters<typeof inTenant<T>>[2]) =>
  inTenant(server.database.db, company.companyId, work);

describe('held statements', () => {
  it('the first statement after the held transaction start sees the tenant', async () => {
    const setting = await inCompany(
      async (trx) =>
        (await sql<{ id: string }>`select current_setting('app.company_id') as id`.execute(trx))
          .rows[0]?.id,
    );
    expect(setting).toBe(String(company.companyId));
  });

  it('a held statement that fails fails the statement it went out with', async () => {
    await expect(
      inCompany(async (trx) => {
        await sql.raw(held('select 1/0')).execute(trx);
        await sql`select 1`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
  });

  it('a held statement left for the commit still runs, and its failure fails the call', async () => {
    await expect(
      inCompany(async (trx) => {
        await sql.raw(held('select 1/0')).execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
  });

  it('a failed call keeps none of its held writes', async () => {
    const countAudits = () =>
      inCompany(
        async (trx) =>
          (await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(trx)).rows[0]
            ?.n,
      );
    const before = await countAudits();
    await expect(
      inCompany(async (trx) => {
        await sql`select 1`.execute(trx);
        const write = held(`insert into audit_log (company_id, action, entity)
          values (current_company(), 'test', 'held')`);
        await sql.raw(write).execute(trx);
        throw new Error('the call fails after its audit row');
      }),
    ).rejects.toThrow(/call fails/);
    expect(await countAudits()).toBe(before);
  });
});
