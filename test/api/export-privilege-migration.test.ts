/**
 * Migration 0041: export became a privilege of its own. Groups that may edit a set keep exporting
 * it; view-only groups lose it; a module's wildcard needs no row. Its SQL runs as the owner in a
 * transaction that is rolled back.
 */
import { expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/db/migrations';
import { useOwnerClient } from '../support/owner-client';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';

const env = useTestServer({ admin: true });
const ownerClient = useOwnerClient(() => env.server);

it('gives {module}/export to the groups holding {module}/update, and to no view-only group', async () => {
  const groups = {
    viewer: ['patients/list'],
    editor: ['patients/list', 'patients/update', 'herbs/list'],
    wildcard: ['herbs/*'],
  };
  const emails = Object.fromEntries(
    await Promise.all(
      Object.entries(groups).map(async ([name, privileges]) => [
        name,
        (await addUser(env.server, env.company, { privileges })).email,
      ]),
    ),
  ) as Record<keyof typeof groups, string>;
  const migration = MIGRATIONS.find((m) => m.name === '0041_export_privilege');
  expect(migration).toBeDefined();
  const owner = ownerClient();
  await owner.query('begin');
  try {
    await owner.query(migration!.sql);
    const held = async (email: string) =>
      (
        await owner.query<{ privilege: string }>(
          `select gp.privilege from group_privileges gp join groups g
            on g.company_id = gp.company_id and g.group_id = gp.group_id
            where gp.company_id = $1 and g.group_name = $2 order by 1`,
          [env.company.companyId, `Group for ${email}`],
        )
      ).rows.map((r) => r.privilege);
    expect(await held(emails.viewer)).toEqual(['patients/list']);
    expect(await held(emails.editor)).toEqual([
      'herbs/list',
      'patients/export',
      'patients/list',
      'patients/update',
    ]);
    expect(await held(emails.wildcard)).toEqual(['herbs/*']);
  } finally {
    await owner.query('rollback');
  }
});
