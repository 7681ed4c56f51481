/**
 * A company's transaction (src/server/db/tenancy.ts, `inTenant`) on the application's real pool:
 * its statements see the tenant and the deadline, a failed call keeps none of its writes, and the
 * setting dies with the transaction.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { newCompany, startTestServer, type TestCompany, type TestServer } from '../support/api';

let server: TestServer;
let company: TestCompany;

beforeAll(async () => {
  server = await startTestServer();
  company = await newCompany(server, 'Tenant Clinic');
});
afterAll(async () => {
  await server?.close();
});

const inCompany = <T>(work: Parameters<typeof inTenant<T>>[2]) =>
  inTenant(server.database.db, company.companyId, work);

const countAudits = () =>
  inCompany(
    async (trx) =>
      (await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(trx)).rows[0]?.n,
  );

describe('a tenant transaction', () => {
  it('binds its statements to the company, with the deadline', async () => {
    const seen = await inCompany(
      async (trx) =>
        (
          await sql<{ id: string; timeout: string }>`select current_setting('app.company_id') as id,
            current_setting('statement_timeout') as timeout`.execute(trx)
        ).rows[0],
    );
    expect(seen?.id).toBe(String(company.companyId));
    expect(seen?.timeout).not.toBe('0');
  });

  it('keeps the writes of a call that succeeds, and none of one that fails', async () => {
    const before = await countAudits();
    const write = sql`insert into audit_log (company_id, action, entity)
      values (current_company(), 'test', 'tenant')`;
    await inCompany(async (trx) => {
      await write.execute(trx);
    });
    expect(await countAudits()).toBe(before! + 1);
    await expect(
      inCompany(async (trx) => {
        await write.execute(trx);
        throw new Error('the call fails after its write');
      }),
    ).rejects.toThrow(/call fails/);
    expect(await countAudits()).toBe(before! + 1);
  });

  it('leaves no tenant on the connection for the next use', async () => {
    await inCompany(async (trx) => sql`select 1`.execute(trx));
    const left = await server.database.db.connection().execute(
      async (c) =>
        (
          await sql<{
            id: string | null;
          }>`select nullif(current_setting('app.company_id', true), '') as id`.execute(c)
        ).rows[0]?.id,
    );
    expect(left).toBeNull();
  });
});
