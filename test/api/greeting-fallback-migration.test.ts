/**
 * Migration 0042: the shipped "Greeting" snippet gets the title's fallback; a clinic's own wording
 * is left as it is. Its SQL runs as the owner in a transaction that is rolled back.
 */
import { expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/db/migrations';
import { useOwnerClient } from '../support/owner-client';
import { useTestServer } from '../support/test-env';
import { callerFor, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });
const ownerClient = useOwnerClient(() => env.server);

it('gives the shipped Greeting the first name as fallback, and leaves a changed one alone', async () => {
  const c = callerFor(env.server, env.company, env.admin);
  const insert = async (body: string) =>
    (await c<Row>('snippets/insert', { snippet_name: 'Greeting', snippet_body: body })).data
      .snippet_id as number;
  const shipped = await insert('<p>Dear {patient.title} {patient.last_name},</p>');
  const own = await insert('<p>Dear {patient.title} {patient.last_name}, hello</p>');
  const owner = ownerClient();
  await owner.query('begin');
  try {
    await owner.query(MIGRATIONS.find((m) => m.name === '0042_greeting_fallback')!.sql);
    const { rows } = await owner.query<{ snippet_id: string; snippet_body: string }>(
      'select snippet_id, snippet_body from snippets where company_id = $1 and snippet_id = any($2) order by 1',
      [env.company.companyId, [shipped, own]],
    );
    expect(rows.map((r) => [Number(r.snippet_id), r.snippet_body])).toEqual([
      [shipped, '<p>Dear {patient.title|patient.first_name} {patient.last_name},</p>'],
      [own, '<p>Dear {patient.title} {patient.last_name}, hello</p>'],
    ]);
  } finally {
    await owner.query('rollback');
  }
});
