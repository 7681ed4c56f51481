/**
 * Row-level security stops what the code might miss. These tests talk to PostgreSQL
 * directly as the application role — no repository, no dispatcher — so only the policies stand
 * between one company and another.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertAppRoleIsBound } from '../../src/server/db/database';
import { newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { appRoleUrl } from '../support/roles';
import { addUser } from '../support/users';

const env = useTestServer({ company: false });

let a: TestCompany;
let b: TestCompany;
let appPool: pg.Pool;
let ownerPool: pg.Pool;

beforeAll(async () => {
  a = await newCompany(env.server, 'Clinic A');
  b = await newCompany(env.server, 'Clinic B');
  await addUser(env.server, b);
  appPool = new pg.Pool({
    connectionString: await appRoleUrl(env.server.database.ownerUrl),
    max: 2,
  });
  ownerPool = new pg.Pool({ connectionString: env.server.database.ownerUrl, max: 1 });
});
afterAll(async () => {
  await appPool.end();
  await ownerPool.end();
});

/** Runs `work` in a committed transaction of the app role, bound to `companyId` when given. */
async function asApp<T>(
  companyId: number | null,
  work: (c: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await appPool.connect();
  try {
    await client.query('begin');
    if (companyId !== null) {
      await client.query("select set_config('app.company_id', $1, true)", [String(companyId)]);
    }
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const usersOf = (client: pg.PoolClient, companyId: number) =>
  client.query('select * from users where company_id = $1', [companyId]);

/** B's rows as the owner sees them, outside every policy. */
const ownerView = async () => {
  const users = await ownerPool.query(
    'select * from users where company_id = $1 order by user_id',
    [b.companyId],
  );
  const memberships = await ownerPool.query(
    'select * from user_groups where company_id = $1 order by user_id, group_id',
    [b.companyId],
  );
  return { users: users.rows, memberships: memberships.rows };
};

describe('reading', () => {
  it("finds B's users only when bound to B", async () => {
    const asB = await asApp(b.companyId, (c) => usersOf(c, b.companyId));
    expect(asB.rowCount).toBe(2);
    const asA = await asApp(a.companyId, (c) => usersOf(c, b.companyId));
    expect(asA.rowCount).toBe(0);
  });

  it('finds nothing at all without a company setting', async () => {
    for (const table of [
      'users',
      'groups',
      'modules',
      'group_privileges',
      'user_logins',
      'audit_log',
    ]) {
      const rows = await asApp(null, (c) => c.query(`select * from ${table}`));
      expect(rows.rowCount, table).toBe(0);
    }
  });

  it('treats an emptied setting as none', async () => {
    const rows = await asApp(null, async (c) => {
      await c.query("select set_config('app.company_id', '', true)");
      return c.query('select * from users');
    });
    expect(rows.rowCount).toBe(0);
  });
});

describe('writing', () => {
  it('refuses to insert a row for B while bound to A', async () => {
    // Tables with per-company ids stop in their id trigger, the others in the policy itself.
    await expect(
      asApp(a.companyId, (c) =>
        c.query("insert into users (company_id, user_email) values ($1, 'intruder@a.test')", [
          b.companyId,
        ]),
      ),
    ).rejects.toThrow(/written outside its tenant/);
    await expect(
      asApp(a.companyId, (c) =>
        c.query('insert into user_groups (company_id, user_id, group_id) values ($1, 2, 1)', [
          b.companyId,
        ]),
      ),
    ).rejects.toThrow(/violates row-level security policy/);
  });

  it("changes and deletes none of B's rows while bound to A", async () => {
    const before = await ownerView();
    const counts = await asApp(a.companyId, async (c) => {
      const updated = await c.query(
        "update users set user_first_name = 'x' where company_id = $1",
        [b.companyId],
      );
      const deleted = await c.query('delete from user_groups where company_id = $1', [b.companyId]);
      return [updated.rowCount, deleted.rowCount];
    });
    expect(counts).toEqual([0, 0]);
    expect(await ownerView()).toEqual(before);
  });

  it('does not let the app role switch the policies off', async () => {
    await expect(
      asApp(a.companyId, (c) => c.query('alter table users no force row level security')),
    ).rejects.toThrow(/must be owner/);
    // With row_security off PostgreSQL refuses a query a policy would filter, rather than run it.
    await expect(
      asApp(a.companyId, async (c) => {
        await c.query('set local row_security = off');
        return c.query('select * from users where company_id = $1', [b.companyId]);
      }),
    ).rejects.toThrow(/row-level security policy/);
  });
});

describe('every tenant table', () => {
  it('has row-level security enabled and forced', async () => {
    const { rows } = await ownerPool.query<{ table: string; enabled: boolean; forced: boolean }>(`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
       where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> 'companies'
       order by c.relname`);
    expect(rows.map((r) => r.table)).toEqual(
      expect.arrayContaining(['users', 'modules', 'user_preferences']),
    );
    expect(rows.filter((r) => !r.enabled || !r.forced)).toEqual([]);
  });
});

describe('assertAppRoleIsBound', () => {
  it('refuses a pool that connects as a superuser', async () => {
    await expect(assertAppRoleIsBound(ownerPool)).rejects.toThrow(/superuser or has BYPASSRLS/);
  });

  it('passes the app role', async () => {
    await expect(assertAppRoleIsBound(appPool)).resolves.toBeUndefined();
  });
});
