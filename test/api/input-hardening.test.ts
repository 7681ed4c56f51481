/**
 * Hostile input answers 400 in the envelope, naming the field, and writes nothing:
 * NUL and lone surrogates in every text value the definitions declare (insert, update, search,
 * text filters, typeahead), in the login e-mail and in preference values and names; reserved
 * field names anywhere; JSON nested far too deep; a value of the wrong type. The cases are
 * generated from the definitions, so a new text field is covered without a new line here.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRegistry } from '../../src/server/api';
import { buildApp } from '../../src/server/http/app';
import { BAD_ADDRESS_TEXT, NOTHING_HERE_TEXT } from '../../src/server/http/error-replies';
import { describeError, describeIssue } from '../../src/server/http/validation';
import { inTenant } from '../../src/server/db/tenancy';
import { MAX_INPUT_DEPTH } from '../../src/server/http/input-guard';
import { ENTITIES, type EntityDefinition } from '../../src/shared/entities';
import { call } from '../support/api';
import { moduleIdsOf } from '../support/module-ids';
import { useTestServer } from '../support/test-env';
import {
  callerFor,
  insertSample,
  sampleRow,
  Targets,
  writable,
  type Caller,
  type Row,
} from './entities-helpers';

const env = useTestServer({ company: 'Hardening Clinic', admin: true });

let c: Caller;
let targets: Targets;
let moduleIds: Record<string, number>;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  targets = new Targets(c);
  moduleIds = await moduleIdsOf(env.server, env.company, env.admin);
});

const NUL = 'before\u0000after';
const LONE_SURROGATES = ['lone \uD800 high', 'lone \uDC00 low', 'ends high \uDBFF'];
const unstorable = (field: string) => `"${field}" contains a character that can not be stored.`;

/** Rows of the entity's table and of the audit log, to show a refused call wrote nothing. */
async function written(d: EntityDefinition): Promise<{ rows: number; audit: number }> {
  return inTenant(env.server.database.db, env.company.companyId, async (trx) => {
    const count = async (table: string) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(trx))
          .rows[0]?.n,
      );
    return { rows: await count(d.table), audit: await count('audit_log') };
  });
}

/** Calls `attempt` and checks that neither the table nor the audit log changed. */
async function writesNothing(d: EntityDefinition, attempt: () => Promise<void>): Promise<void> {
  const before = await written(d);
  await attempt();
  expect(await written(d)).toEqual(before);
}

const refused = async (reply: Promise<{ status: number; messages: unknown }>, text: string) => {
  const answer = await reply;
  expect(answer.messages, text).toEqual([{ type: 'e', text }]);
  expect(answer.status, text).toBe(400);
};

const textFields = (d: EntityDefinition) =>
  writable(d).filter((f) => f.value === 'text' && !f.adminOnly);
const withTextFields = ENTITIES.filter((d) => textFields(d).length > 0);
const insertable = withTextFields.filter((d) => d.capabilities.insert);

describe.each(insertable.map((d) => [d.entities, d] as const))('NUL in %s', (_name, d) => {
  it('is refused in every text field on insert, naming the field, and nothing is written', async () => {
    const row = await sampleRow(d, targets);
    await writesNothing(d, async () => {
      for (const field of textFields(d)) {
        await refused(
          c(`${d.entities}/insert`, { ...row, [field.name]: NUL }),
          unstorable(field.name),
        );
      }
    });
  });

  it('is refused in every text field on update, naming the field, and nothing is written', async () => {
    const { id } = await insertSample(c, d, targets);
    await writesNothing(d, async () => {
      for (const field of textFields(d)) {
        await refused(
          c(`${d.entities}/update`, { [d.keys.id]: id, field: field.name, value: NUL }),
          unstorable(field.name),
        );
      }
    });
  });
});

describe.each(ENTITIES.map((d) => [d.entities, d] as const))('NUL in reads of %s', (_name, d) => {
  const textFilters = d.list.filters.filter((f) => f.type === 'text' || f.type === 'select');

  it('is refused in the search, every text filter and the typeahead, naming them', async () => {
    await refused(
      c(`${d.entities}/list`, { filters: { search: NUL } }),
      unstorable('filters.search'),
    );
    await refused(
      c(`${d.entities}/count`, { filters: { search: [NUL] } }),
      unstorable('filters.search.0'),
    );
    await refused(
      c(`${d.entities}/typeahead`, { filters: { search: NUL } }),
      unstorable('filters.search'),
    );
    for (const filter of textFilters) {
      await refused(
        c(`${d.entities}/list`, { filters: { [filter.name]: `=${NUL}` } }),
        unstorable(`filters.${filter.name}`),
      );
    }
    if (d.tree) {
      await refused(
        c(`${d.entities}/get_all_flat`, { filters: { search: NUL } }),
        unstorable('filters.search'),
      );
    }
  });
});

describe('lone surrogates', () => {
  const herbs = ENTITIES.find((d) => d.entities === 'herbs') as EntityDefinition;

  it.each(LONE_SURROGATES)('refuses %j in a text field and in a search', async (text) => {
    await writesNothing(herbs, async () => {
      await refused(c('herbs/insert', { herb_name: text }), unstorable('herb_name'));
      await refused(c('herbs/list', { filters: { search: text } }), unstorable('filters.search'));
    });
  });

  it('keeps a correctly paired surrogate (an emoji)', async () => {
    const reply = await c<Row>('herbs/insert', { herb_name: 'Rose 🌹' });
    expect(reply.messages).toEqual([]);
    expect(reply.data.herb_name).toBe('Rose 🌹');
  });
});

describe('the login e-mail and password', () => {
  it.each([
    ['user_email', { user_email: `admin${NUL}@x.test`, password: 'whatever-1' }],
    ['user_email', { user_email: `admin\uD800@x.test`, password: 'whatever-1' }],
    ['password', { user_email: 'admin@x.test', password: `pass${NUL}word` }],
  ])('names %s', async (field, payload) => {
    await refused(call(env.server, env.company, 'users/login', payload), unstorable(field));
  });
});

describe('preferences', () => {
  const put = (payload: Row) =>
    c('herbs/update_my_preference_for_module', { module_id: moduleIds.herbs, ...payload });
  const stored = async () =>
    (await c<Row>('herbs/get_my_preferences_for_module', { module_id: moduleIds.herbs })).data;

  it.each([
    ['a NUL value', { field: 'x', value: NUL }, 'x'],
    ['a lone surrogate value', { field: 'x', value: '\uD800' }, 'x'],
    ['a NUL deep in a value', { field: 'x', value: { list: ['ok', NUL] } }, 'x.list.1'],
    ['a NUL in the name', { field: `x${NUL}`, value: 1 }, 'field'],
  ])('refuses %s, naming where it is', async (_what, payload, field) => {
    await refused(put(payload), unstorable(field));
    expect(await stored()).toEqual({});
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses %s as a preference name',
    async (name) => {
      await refused(put({ field: name, value: 1 }), `"field" can not be "${name}".`);
      expect(await stored()).toEqual({});
    },
  );
});

/** POST a raw JSON text, as a hostile client would (a JS object can not hold these keys). */
async function raw(path: string, members: string) {
  const body = `{"_company_slug":${JSON.stringify(env.company.slug)},"_user_token":${JSON.stringify(env.admin)},${members}}`;
  const response = await env.server.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
  return { status: response.statusCode, ...response.json<{ messages: unknown }>() };
}

describe('reserved field names anywhere in a payload', () => {
  it.each([
    ['herbs/insert', '"herb_name":"Sage","__proto__":{"is_admin":true}', 'payload', '__proto__'],
    ['herbs/insert', '"herb_name":"Sage","constructor":{"prototype":{}}', 'payload', 'constructor'],
    ['herbs/list', '"filters":{"__proto__":"x"}', 'filters', '__proto__'],
    ['herbs/list', '"filters":{"prototype":"x"}', 'filters', 'prototype'],
    [
      'herbs/update_my_preference_for_module',
      '"module_id":MODULE,"field":"x","value":{"a":[{"__proto__":{"polluted":1}}]}',
      'x.a.0',
      '__proto__',
    ],
  ])('%s {%s} names %s', async (path, members, field, name) => {
    const herbs = ENTITIES.find((d) => d.entities === 'herbs') as EntityDefinition;
    await writesNothing(herbs, async () => {
      await refused(
        raw(path, members.replace('MODULE', String(moduleIds.herbs))),
        `"${field}" contains a field named "${name}", which is not allowed.`,
      );
    });
    expect(({} as Row).polluted).toBeUndefined();
  });
});

describe('deeply nested JSON', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const tooDeep = (field: string) =>
    `"${field}" is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;

  it.each([MAX_INPUT_DEPTH, 5000, 100_000])(
    'refuses a preference value %i lists deep before anything recurses',
    async (levels) => {
      await refused(
        raw(
          'herbs/update_my_preference_for_module',
          `"module_id":${moduleIds.herbs},"field":"deep","value":${nested(levels)}`,
        ),
        tooDeep('deep'),
      );
    },
  );

  it('keeps a value just inside the limit (the body is the first level)', async () => {
    const reply = await raw(
      'herbs/update_my_preference_for_module',
      `"module_id":${moduleIds.herbs},"field":"deep","value":${nested(MAX_INPUT_DEPTH - 1)}`,
    );
    expect(reply).toMatchObject({ status: 200, messages: [] });
  });

  it.each(['filters', 'herb_name', 'unknown_field'])(
    'refuses %s nested 100,000 deep',
    async (field) => {
      await refused(raw('herbs/list', `"${field}":${nested(100_000)}`), tooDeep(field));
    },
  );
});

describe('a value of the wrong type', () => {
  it.each(insertable.map((d) => [d.entities, d] as const))(
    '%s: every text field says "<label> must be text" on insert and update',
    async (_name, d) => {
      const { id } = await insertSample(c, d, targets);
      for (const field of textFields(d)) {
        const named = { type: 'e', text: `${field.label} must be text.`, field: field.name };
        const inserted = await c(`${d.entities}/insert`, { [field.name]: 42 });
        expect([inserted.status, inserted.messages]).toEqual([400, [named]]);
        const updated = await c(`${d.entities}/update`, {
          [d.keys.id]: id,
          field: field.name,
          value: 42,
        });
        expect([updated.status, updated.messages]).toEqual([400, [named]]);
      }
    },
  );

  it.each([
    ['herbs/list', { page: 'two' }, '"page" must be a number.'],
    ['herbs/list', { filters: 'herb_family' }, '"filters" must be an object.'],
    [
      'herbs/list',
      { filters: { search: { text: 'x' } } },
      '"filters.search" must be text, a number, null or a list.',
    ],
    ['herbs/delete', { selected: 3 }, '"selected" must be a list.'],
    [
      'herbs/add_actions',
      { id: 1, relation_id: 1, return_effected: 'yes' },
      '"return_effected" must be true or false.',
    ],
    ['herbs/update', { herb_id: 1, field: 'herb_name' }, '"value" is required.'],
  ])('%s %j', async (path, payload, text) => {
    await refused(c(path, payload), text);
  });
});

const BIG_SCRIPT = `console.log(${JSON.stringify('materia '.repeat(400))});`;

describe('addresses and files that can not be served', () => {
  let web: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'materia-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Materia</title>');
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1);');
    // As the build leaves a large file: its brotli form beside it (vite.config.ts).
    writeFileSync(join(root, 'assets', 'big.js'), BIG_SCRIPT);
    writeFileSync(join(root, 'assets', 'big.js.br'), brotliCompressSync(BIG_SCRIPT));
    web = await buildApp({
      services: env.server.services,
      registry: buildRegistry(),
      webRoot: root,
    });
    base = await web.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await web.close();
  });

  /** A raw request: the path goes out exactly as written, `..` and bad escapes included. */
  function fetchRaw(
    method: string,
    path: string,
  ): Promise<{ status: number; type: string; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${base}/`, { method, path }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            body,
          }),
        );
      });
      request.on('error', reject);
      request.end();
    });
  }

  const envelope = (text: string) => ({
    result: false,
    data: null,
    messages: [{ type: 'e', text }],
  });

  it.each([
    ['GET', '/%E0%A4%A', 400, BAD_ADDRESS_TEXT],
    ['GET', '/api/%ZZ', 400, BAD_ADDRESS_TEXT],
    ['POST', '/api/%ZZ', 400, BAD_ADDRESS_TEXT],
    ['GET', '/assets/%E0%A4%A.js', 400, BAD_ADDRESS_TEXT],
    ['GET', '/nope.js', 404, NOTHING_HERE_TEXT],
    ['GET', '/assets/missing.js', 404, NOTHING_HERE_TEXT],
    ['GET', `/assets/${'a'.repeat(300)}.js`, 403, NOTHING_HERE_TEXT],
    ['GET', '/assets/app.js/inside.js', 404, NOTHING_HERE_TEXT],
    ['GET', '/assets/../../etc/passwd', 403, NOTHING_HERE_TEXT],
    ['GET', '/%2e%2e/%2e%2e/etc/passwd', 403, NOTHING_HERE_TEXT],
    ['GET', '/assets/%00.js', 403, NOTHING_HERE_TEXT],
    ['OPTIONS', '/api/users/login', 405, 'API calls use POST with a JSON body.'],
    ['PROPFIND', '/api/users/login', 404, NOTHING_HERE_TEXT],
    ['DELETE', '/', 404, NOTHING_HERE_TEXT],
  ])('%s %s answers %i in the envelope', async (method, path, status, text) => {
    const answer = await fetchRaw(method, path);
    expect(answer.status).toBe(status);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject(envelope(text));
  });

  it('sends a file as the build compressed it, to a client that takes brotli, and plain otherwise', async () => {
    const compressed = await fetch(`${base}/assets/big.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(Number(compressed.headers.get('content-length'))).toBe(
      brotliCompressSync(BIG_SCRIPT).length,
    );
    expect(await compressed.text()).toBe(BIG_SCRIPT);
    const plain = await fetch(`${base}/assets/big.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_SCRIPT);
  });

  it('still serves the files, the pages and a HEAD without a body', async () => {
    expect(await fetchRaw('GET', '/assets/app.js')).toMatchObject({
      status: 200,
      body: 'console.log(1);',
    });
    expect((await fetchRaw('GET', '/app/herbs')).body).toContain('<title>Materia</title>');
    // Not a file name, so a page of the app: the app, not the file it points at.
    const escaped = await fetchRaw('GET', '/assets/..%2F..%2Fetc%2Fpasswd');
    expect(escaped.body).toContain('<title>Materia</title>');
    expect(await fetchRaw('HEAD', '/api/users/login')).toMatchObject({ status: 405, body: '' });
  });

  it('answers an unknown address with the envelope when there is no web app', async () => {
    const response = await env.server.app.inject({ method: 'GET', url: '/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject(envelope(NOTHING_HERE_TEXT));
  });
});

describe('type words for every type a rule can expect', () => {
  const said = (rule: z.ZodType, value: unknown) => {
    const parsed = z.object({ f: rule }).safeParse({ f: value }, { reportInput: true });
    return parsed.success ? null : describeError(parsed.error);
  };

  it.each([
    ['"f" must be text.', z.string(), 1],
    ['"f" must be a number.', z.number(), 'x'],
    ['"f" must be a whole number.', z.int(), 1.5],
    ['"f" must be true or false.', z.boolean(), 1],
    ['"f" must be a list.', z.array(z.string()), 'x'],
    ['"f" must be an object.', z.object({}), 'x'],
    ['"f" must be an object.', z.record(z.string(), z.string()), []],
    ['"f" must be a date.', z.date(), 'x'],
    ['"f" must be null.', z.null(), 'x'],
    ['"f" must be a whole number.', z.bigint(), 'x'],
    ['"f" must be text or a list.', z.union([z.string(), z.array(z.string())]), 1],
    ['"f" is required.', z.string(), undefined],
  ] as const)('says %s', (text, rule, value) => {
    expect(said(rule, value)).toBe(text);
  });

  it('tells missing from wrong type even when the input was not reported', () => {
    const issues = (value: unknown) => {
      const parsed = z.string().safeParse(value);
      return parsed.success ? [] : parsed.error.issues;
    };
    expect(issues(undefined).map(describeIssue)).toEqual(['"payload" is required.']);
    expect(issues(5).map(describeIssue)).toEqual(['"payload" must be text.']);
  });
});
