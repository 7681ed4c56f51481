/**
 * The fuzzer: payloads generated with fast-check from each call's own zod schema
 * (read as JSON Schema, as scripts/generate-api-docs.ts does), most of them then made hostile —
 * NUL bytes, lone surrogates, `__proto__` keys, nesting thousands deep, 1e308, -0, strings near
 * the body limit, wrong types, a bad slug or token. Every answer must be an envelope below 500,
 * every refusal must carry a message, and a refused call must change no row and no audit entry.
 * Shared by test/security/fuzz.test.ts (CI) and `npm run bench -- fuzz` (many more payloads).
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { CallRegistry } from '../../src/server/http/calls';
import { BODY_LIMIT_BYTES } from '../../src/server/http/app';
import { changedTables, type TenantSnapshot } from './tenant-snapshot';

const asSnapshot = (text: string) => JSON.parse(text) as TenantSnapshot;

/** A piece of JSON text written as is (`-0`, which JSON.stringify would write as 0). */
class Raw {
  constructor(readonly text: string) {}
}

/** JSON text of a value; own `__proto__` keys and Raw pieces are written as they are. */
function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJson((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
};

const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Values the schema allows (mostly: the bounds are narrowed so payloads stay small). */
function fromSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(fromSchema));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fromSchema(value)]),
      );
      const record = fc.record(shape, { requiredKeys: schema.required ?? [] });
      const extra = schema.additionalProperties;
      if (typeof extra !== 'object') return record;
      return fc
        .tuple(
          record,
          fc.dictionary(fc.string({ maxLength: 20 }), fromSchema(extra), { maxKeys: 3 }),
        )
        .map(([known, more]) => ({ ...more, ...known }));
    }
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items) : anyJson, {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'string':
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40), unit: 'binary' });
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1;
      // Small ids mostly, so that payloads reach existing rows.
      return fc.oneof(
        fc.integer({ min: Math.max(min, 0), max: 12 }),
        fc.integer({ min, max: Math.min(schema.maximum ?? 1e9, 1e9) }),
      );
    }
    case 'number':
      return fc.double({ noNaN: true, min: schema.minimum, max: schema.maximum });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

/** JSON nested `depth` levels deep, as text (a value that deep would overflow our own stack). */
const nested = (depth: number, asObject: boolean) =>
  new Raw(
    asObject
      ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
      : `${'['.repeat(depth)}1${']'.repeat(depth)}`,
  );

/**
 * Hostile values (NUL bytes, lone surrogates, extreme numbers, deep nesting, strings near the
 * body limit, filter prefixes and markup), and plain wrong types.
 */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\ud800', 'a\udc00b', '\udfff\ud800', '\u0000'),
  fc.constantFrom(1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, new Raw('-0')),
  fc.constantFrom(new Raw('1e400'), new Raw('-1e400'), new Raw('123456789012345678901234567890')),
  fc
    .integer({ min: 1000, max: 4000 })
    .chain((depth) => fc.boolean().map((asObject) => nested(depth, asObject))),
  // Strings near the body limit: one just under it and one just over.
  fc.constantFrom(BODY_LIMIT_BYTES - 4096, BODY_LIMIT_BYTES + 16).map((n) => 'x'.repeat(n)),
  fc.constantFrom(true, false, null, [], {}, '', 'abc', 0, -1, 1.5, [1, 2], { a: 1 }, '1; drop'),
  fc.constantFrom('=x', '~x', '&x y', '%', '_', '\\', "'", '"', '<script>x</script>'),
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** An object with the key set as its own property (so that `__proto__` stays a key). */
const withKey = (payload: Record<string, unknown>, key: string, value: unknown) => {
  const copy = { ...payload };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
};

interface FuzzCase {
  path: string;
  /** The body's JSON text, or text that is not JSON at all. */
  body: string;
  /** What was done to the schema's payload, for the counts and a failure's report. */
  kind: string;
}

/** Stands for the current token in a case's body; FuzzTarget.send puts the token in. */
const TOKEN_MARK = '"__fuzz_token__"';

/** One case: a call, a payload from its schema, and (mostly) one hostile change to it. */
export function fuzzCases(
  registry: CallRegistry,
  paths: readonly string[],
  slug: string,
  /** A valid payload per call (test/support/call-catalogue.ts): hostile changes to it reach the
   *  handlers, where a payload made from the schema alone mostly stops at validation. */
  examples: ReadonlyMap<string, Record<string, unknown>> = new Map(),
): fc.Arbitrary<FuzzCase> {
  const envelope = () => ({ _company_slug: slug, _user_token: JSON.parse(TOKEN_MARK) as string });
  const payloads = new Map(
    paths.map((path) => {
      const input = registry.find(path)?.input ?? z.object({});
      const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      return [path, fromSchema(schema)];
    }),
  );
  const body = (payload: unknown) => {
    const object =
      payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload : {};
    return { ...envelope(), ...(object as Record<string, unknown>) };
  };
  return fc.constantFrom(...paths).chain((path) => {
    const generated = (payloads.get(path) ?? anyJson).map(body);
    const example = examples.get(path);
    const valid = example
      ? fc.oneof({ weight: 3, arbitrary: fc.constant(body(example)) }, generated)
      : generated;
    return fc.oneof(
      { weight: 3, arbitrary: generated.map((p) => ({ path, body: toJson(p), kind: 'schema' })) },
      {
        weight: 4,
        arbitrary: fc.tuple(valid, hostileValue, fc.nat()).map(([p, value, pick]) => {
          const keys = Object.keys(p).filter((k) => !k.startsWith('_'));
          const key = keys.length ? keys[pick % keys.length]! : 'field';
          return { path, body: toJson({ ...p, [key]: value }), kind: 'hostile value' };
        }),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(valid, fc.constantFrom(...PROTO_KEYS), fc.oneof(hostileValue, anyJson))
          .map(([p, key, value]) => ({
            path,
            body: toJson(withKey(p, key, value)),
            kind: 'prototype key',
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(valid, fc.constantFrom('_company_slug', '_user_token'), hostileValue)
          .map(([p, key, value]) => ({
            path,
            body: toJson({ ...p, [key]: value }),
            kind: `hostile ${key}`,
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('', 'null', '[]', '"x"', '1', '{', '{"a":}', '\u0000', '{"_company_slug":')
          .map((text) => ({ path, body: text, kind: 'not an object' })),
      },
    );
  });
}

interface Answer {
  status: number;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

/** What is wrong with an answer (nothing: null): a 5xx, no envelope, a refusal without a message. */
function answerProblem(answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}`;
  const envelope = answer.json as { result?: unknown; messages?: unknown } | undefined;
  if (!envelope || typeof envelope.result !== 'boolean') return 'no envelope';
  if (envelope.result) return null;
  const messages = Array.isArray(envelope.messages) ? envelope.messages : [];
  const texts = messages.map((m) => (m as { text?: unknown }).text);
  if (!texts.length || texts.some((t) => typeof t !== 'string' || !t.trim())) {
    return 'a refusal without a message';
  }
  return null;
}

interface FuzzTarget {
  send(path: string, body: string): Promise<Answer>;
  /** A fingerprint of the company's rows and audit log. */
  snapshot(): Promise<string>;
  /** Called when an answer says the session is gone (a case logged out or set a password). */
  renewSession(): Promise<void>;
}

interface Injected {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A target on an in-process server (Fastify's inject): the test's or the bench's. */
export function targetOf(server: {
  inject(request: {
    method: 'POST';
    url: string;
    payload: string;
    headers: Record<string, string>;
  }): Promise<Injected>;
  token(): unknown;
  renewToken(): Promise<void>;
  snapshot(): Promise<string>;
}): FuzzTarget {
  return {
    snapshot: () => server.snapshot(),
    async send(path, body) {
      const response = await server.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: body.replace(TOKEN_MARK, JSON.stringify(server.token())),
        headers: { 'content-type': 'application/json' },
      });
      // A download (an export) is a success that answers with a file instead of an envelope.
      if (String(response.headers['content-disposition'] ?? '').startsWith('attachment'))
        return { status: response.statusCode, json: { result: true, messages: [] } };
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {
        json = undefined;
      }
      return { status: response.statusCode, json };
    },
    renewSession: () => server.renewToken(),
  };
}

interface FuzzProblem {
  index: number;
  case: FuzzCase;
  problem: string;
  answer: Answer;
}

export interface FuzzRun {
  seed: number;
  runs: number;
  /** How many different calls the cases reached. */
  calls: number;
  counts: Record<string, number>;
  problems: FuzzProblem[];
}

const short = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}… (${text.length})` : text;

/** One line per problem, with what to replay. */
export const describeProblem = (p: FuzzProblem) =>
  `#${p.index} ${p.case.path} (${p.case.kind}): ${p.problem}; body ${short(p.case.body)} → ` +
  `${p.answer.status} ${short(JSON.stringify(p.answer.json) ?? '')}`;

const CHUNK = 100;

/**
 * The cases of a seed, made a chunk at a time (some hold a megabyte): case i is case i % 100 of
 * the sample seeded `seed + ⌊i / 100⌋`, so the same seed gives the same cases.
 */
function* sampled(cases: fc.Arbitrary<FuzzCase>, options: { seed: number; runs: number }) {
  for (let start = 0; start < options.runs; start += CHUNK) {
    const numRuns = Math.min(CHUNK, options.runs - start);
    const chunk = fc.sample(cases, { seed: options.seed + start / CHUNK, numRuns });
    for (const [offset, c] of chunk.entries()) yield [start + offset, c] as const;
  }
}

/**
 * Sends `runs` generated cases (fixed `seed`: a failure can be replayed) and checks each answer;
 * a refused call must leave the snapshot as it was.
 */
export async function fuzz(
  target: FuzzTarget,
  cases: fc.Arbitrary<FuzzCase>,
  options: { seed: number; runs: number },
): Promise<FuzzRun> {
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  const problems: FuzzProblem[] = [];
  const calls = new Set<string>();
  let before = await target.snapshot();
  let runs = 0;
  for (const [index, c] of sampled(cases, options)) {
    runs++;
    calls.add(c.path);
    const answer = await target.send(c.path, c.body);
    count(`status ${answer.status}`);
    count(c.kind);
    const refused = (answer.json as { result?: unknown } | undefined)?.result !== true;
    const after = await target.snapshot();
    let problem = answerProblem(answer);
    if (!problem && refused && after !== before) {
      const tables = changedTables(asSnapshot(before), asSnapshot(after)).join(', ');
      problem = `a refused call changed rows (${tables})`;
    }
    // The first 200 are kept: enough to read, and a run of 100,000 can not fill the memory.
    if (problem && problems.length < 200) problems.push({ index, case: c, problem, answer });
    before = after;
    const ended = (answer.json as { authentication_failed?: unknown } | undefined)
      ?.authentication_failed;
    if (ended && c.kind !== 'hostile _user_token') {
      // A new session is a new row: the next call is compared with the state after it.
      await target.renewSession();
      before = await target.snapshot();
    }
  }
  return { seed: options.seed, runs, calls: calls.size, counts, problems };
}
