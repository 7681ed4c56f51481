/**
 * Instant fields through the generic calls (issue 44): sent with any offset, answered in UTC;
 * a day filter means the clinic's day, which follows the time zone setting as soon as it is
 * saved; exports write the clinic's wall time (formatted) or ISO with its offset (raw).
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityByPath, type EntityDefinition } from '../../src/shared/entities';
import { call } from '../support/api';
import { moduleIdsOf } from '../support/module-ids';
import { useTestServer } from '../support/test-env';
import { callerFor, insertSample, Targets, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Instant Clinic', admin: true });
const appointments = entityByPath('appointments') as EntityDefinition;

let c: Caller;
let productId: number;
let id: number;

const setZone = async (value: string) => {
  const reply = await call(
    env.server,
    env.company,
    'modules/update_public_settings',
    { module_id: productId, field: 'time_zone', value },
    env.admin,
  );
  expect(reply.messages).toEqual([]);
};

const idsOnDay = async (day: string) =>
  (
    await c<Row[]>('appointments/list', { filters: { appointment_start: day }, limit: 100 })
  ).data.map((row) => row.appointment_id);

async function exported(formatted: boolean): Promise<string[][]> {
  const response = await env.server.app.inject({
    method: 'POST',
    url: '/api/appointments/export',
    payload: {
      filters: { appointment_start: '2031-01-06..2031-01-07' },
      columns: ['appointment_start', 'appointment_end'],
      formatted,
      _company_slug: env.company.slug,
      _user_token: env.admin,
    },
  });
  expect(response.statusCode).toBe(200);
  return parse(response.body.replace(/^\uFEFF/, ''));
}

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  productId = (await moduleIdsOf(env.server, env.company, env.admin)).materia as number;
  await setZone('Pacific/Auckland');
  // 00:30 on 7 January in Auckland (+13:00) is 11:30 on 6 January in UTC and in London.
  ({ id } = await insertSample(c, appointments, new Targets(c), {
    appointment_start: '2031-01-07T00:30:00+13:00',
    appointment_end: '2031-01-07T01:15:00+13:00',
    appointment_override_reason: 'Outside the sample hours',
  }));
});

describe('an instant field', () => {
  it('is answered in UTC whatever offset it was sent with', async () => {
    const got = await c<Row>('appointments/get', { appointment_id: id });
    expect(got.data).toMatchObject({
      appointment_start: '2031-01-06T11:30:00.000Z',
      appointment_end: '2031-01-06T12:15:00.000Z',
    });
    const listed = await c<Row[]>('appointments/list', { limit: 100 });
    expect(listed.data.find((row) => row.appointment_id === id)).toMatchObject({
      appointment_start: '2031-01-06T11:30:00.000Z',
    });
  });

  it('refuses a time without an offset, naming the field', async () => {
    const reply = await c('appointments/update', {
      appointment_id: id,
      field: 'appointment_start',
      value: '2031-01-07 00:30',
    });
    expect(reply.status).toBe(400);
    expect(reply.messages[0]?.text).toContain('Start');
    expect(reply.messages[0]?.text).toContain('with its offset');
  });

  it("is filtered by the clinic's day, which follows the setting once saved", async () => {
    expect(await idsOnDay('2031-01-07')).toContain(id);
    expect(await idsOnDay('2031-01-06')).not.toContain(id);
    await setZone('Europe/London');
    expect(await idsOnDay('2031-01-06')).toContain(id);
    expect(await idsOnDay('2031-01-07')).not.toContain(id);
    expect(await idsOnDay('2031-01-05..2031-01-06')).toContain(id);
    await setZone('Pacific/Auckland');
  });

  it("is exported as the clinic's wall time, or raw as ISO with the clinic's offset", async () => {
    expect(await exported(true)).toContainEqual(['07/01/2031 00:30', '07/01/2031 01:15']);
    expect(await exported(false)).toContainEqual([
      '2031-01-07T00:30:00+13:00',
      '2031-01-07T01:15:00+13:00',
    ]);
  });
});
