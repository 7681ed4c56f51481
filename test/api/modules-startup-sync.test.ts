/** A server start brings every clinic's module list in line with the catalogue, once. */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { ADMIN_GROUP_ID } from '../../src/shared/limits';
import { MODULES } from '../../src/shared/modules';
import { startTestServer } from '../support/api';
import { useTestServer } from '../support/test-env';

const env = useTestServer();

const inCompany = <T>(work: Parameters<typeof inTenant<T>>[2]) =>
  inTenant(env.server.database.db, env.company.companyId, work);

/** Each module row with its row version: a write, even of the same values, changes `xmin`. */
const moduleRows = () =>
  inCompany((trx) =>
    trx
      .selectFrom('modules')
      .select(['module_name', 'module_order', sql<string>`xmin::text`.as('version')])
      .orderBy('module_name')
      .execute(),
  );

/** Starts a server as `npm start` would (the catalogue sync runs while it is built), then stops it. */
async function startAndStop(): Promise<void> {
  const server = await startTestServer();
  await server.close();
}

describe('the module catalogue at start-up', () => {
  beforeAll(async () => {
    // A clinic created before the snippets module existed: no row, no group link.
    await inCompany(async (trx) => {
      const row = await trx
        .selectFrom('modules')
        .select('module_id')
        .where('module_name', '=', 'snippets')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('module_groups').where('module_id', '=', row.module_id).execute();
      await trx.deleteFrom('modules').where('module_id', '=', row.module_id).execute();
    });
  });

  it('gives a clinic the module its rows lack, open to its admin group', async () => {
    expect((await moduleRows()).map((r) => r.module_name)).not.toContain('snippets');
    await startAndStop();
    const rows = await moduleRows();
    expect(rows.map((r) => r.module_name)).toEqual(MODULES.map((m) => m.name).sort());
    const groups = await inCompany((trx) =>
      trx
        .selectFrom('module_groups')
        .innerJoin('modules', 'modules.module_id', 'module_groups.module_id')
        .select('module_groups.group_id')
        .where('modules.module_name', '=', 'snippets')
        .execute(),
    );
    expect(groups.map((g) => g.group_id)).toEqual([ADMIN_GROUP_ID]);
  });

  it('changes nothing on a second start', async () => {
    const before = await moduleRows();
    await startAndStop();
    expect(await moduleRows()).toEqual(before);
  });
});
