/**
 * Held statements (src/server/db/held-statements.ts) on the application's real pool: they go out
 * with the next statement, in order, and a held statement's failure fails the call.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { held } from '../../src/server/db/held-statements';
import { beginAgain, commitWithNext, inTenant } from '../../src/server/db/tenancy';
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

describe('a trailing commit', () => {
  const countAudits = () =>
    inCompany(
      async (trx) =>
        (await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(trx)).rows[0]
          ?.n ?? 0,
    );
  const audit = (entity: string) =>
    sql.raw(`insert into audit_log (company_id, action, entity)
      values (current_company(), 'test', '${entity}')`);

  it('ends the transaction with the next statement, keeping its writes', async () => {
    const before = await countAudits();
    const inTransaction = await inCompany(async (trx) => {
      await sql`select 1`.execute(trx);
      await commitWithNext(trx);
      await audit('trailed').execute(trx);
      // The statement went out inside the transaction (the tenant was still set).
      return true;
    });
    expect(inTransaction).toBe(true);
    expect(await countAudits()).toBe(before + 1);
  });

  it('refuses a statement after it, which would run outside the transaction', async () => {
    await expect(
      inCompany(async (trx) => {
        await commitWithNext(trx);
        await sql`select 1`.execute(trx);
        await sql`select current_setting('app.company_id')`.execute(trx);
      }),
    ).rejects.toThrow(/after the transaction's trailing end/);
  });

  it('may be followed by a new transaction of the same company, its start held', async () => {
    const before = await countAudits();
    const tenant = await inCompany(async (trx) => {
      await commitWithNext(trx);
      await audit('before the new start').execute(trx);
      await beginAgain(trx, company.companyId);
      await commitWithNext(trx);
      // The setting is the transaction's own: it is seen only if the new start went out first.
      return (
        await sql<{ id: string }>`select current_setting('app.company_id', true) as id`.execute(trx)
      ).rows[0]?.id;
    });
    expect(tenant).toBe(String(company.companyId));
    expect(await countAudits()).toBe(before + 1);
  });

  it('rolls the transaction back when the statement it trails fails', async () => {
    const before = await countAudits();
    await expect(
      inCompany(async (trx) => {
        await audit('kept back').execute(trx);
        await commitWithNext(trx);
        await sql`select 1/0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await countAudits()).toBe(before);
  });

  it('is replaced by the usual commit when no statement follows it', async () => {
    // Counted on a connection of its own, which sees only committed rows: a transaction left
    // open on the pool's connection would keep the row from it.
    const committedAudits = async () => {
      const client = new pg.Client({ connectionString: server.database.appUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('app.company_id', $1, true)`, [
          String(company.companyId),
        ]);
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from audit_log where entity = 'no statement after'`,
        );
        await client.query('commit');
        return rows[0]!.n;
      } finally {
        await client.end();
      }
    };
    const before = await committedAudits();
    await inCompany(async (trx) => {
      await audit('no statement after').execute(trx);
      await commitWithNext(trx);
    });
    expect(await committedAudits()).toBe(before + 1);
  });
});
