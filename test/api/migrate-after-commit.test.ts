/**
 * A migration's afterCommit step (db/migrate.ts): the VACUUM of the tables a migration rewrote
 * runs once it has committed, outside any transaction (inside one PostgreSQL refuses it), and a
 * failing step is reported without stopping the start-up, since the schema is already in place.
 * Run in a scratch database of the test cluster, so no real schema_migrations row is touched.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { migrate, type Migration } from '../../src/server/db/migrate';

const scratch = `after_commit_${randomBytes(4).toString('hex')}`;
let scratchUrl = '';

async function asOwner<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const ownerUrl = inject('databaseOwnerUrl');
  await asOwner(ownerUrl, (c) => c.query(`create database ${scratch}`));
  const url = new URL(ownerUrl);
  url.pathname = `/${scratch}`;
  scratchUrl = url.toString();
});

afterAll(async () => {
  await asOwner(inject('databaseOwnerUrl'), (c) =>
    c.query(`drop database if exists ${scratch} with (force)`),
  );
});

it('vacuums after the commit, and reports a failing step without failing the migration', async () => {
  const rewritten: Migration = {
    name: 'scratch_rewritten',
    sql: `create table rewritten (id int primary key);
      insert into rewritten select generate_series(1, 5000);`,
    afterCommit: 'vacuum (analyze) rewritten',
  };
  const failing: Migration = {
    name: 'scratch_failing_step',
    sql: 'create table kept (id int);',
    afterCommit: 'vacuum (analyze) no_such_table',
  };
  const said: string[] = [];
  await migrate(scratchUrl, 'public', [rewritten, failing], (m) => said.push(m));

  const state = await asOwner(scratchUrl, async (c) => ({
    // The visibility map is set only by a VACUUM: the step ran, and after the commit.
    visible: (
      await c.query<{ visible: number }>(
        "select relallvisible as visible from pg_class where relname = 'rewritten'",
      )
    ).rows[0]!.visible,
    applied: (
      await c.query<{ name: string }>('select name from schema_migrations order by name')
    ).rows.map((r) => r.name),
    kept: (await c.query("select 1 from pg_class where relname = 'kept'")).rowCount,
  }));
  expect(state.visible).toBeGreaterThan(0);
  expect(state.applied).toEqual(['scratch_failing_step', 'scratch_rewritten']);
  expect(state.kept).toBe(1);
  expect(said.join('\n')).toMatch(
    /After migration scratch_failing_step, "vacuum \(analyze\) no_such_table" failed .*no_such_table/,
  );
});
