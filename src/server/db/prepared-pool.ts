/**
 * The application's connections, as Kysely gets them. Two things make a request's round trips to
 * PostgreSQL fewer and cheaper:
 * - Kysely sends every query unnamed, so PostgreSQL parses and plans it afresh each time — for the
 *   short queries of a request that costs more than running them (measured: 460 µs unnamed vs
 *   160 µs prepared for the token lookup). Each parameterised statement is prepared once per
 *   connection, under a name derived from its text.
 * - The statement that opens a tenant transaction (tenancy.ts) is held back and written together
 *   with the transaction's first statement, in one socket write (the pool runs pg in pipeline
 *   mode), so BEGIN and the tenant setting cost no round trip of their own. PostgreSQL runs them in order: the first
 *   statement always sees the tenant, and a failure of either fails the call.
 */
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Each connection keeps at most this many prepared statements; later ones run unnamed. */
export const MAX_PREPARED_PER_CONNECTION = 200;
/** Statement names remembered by text (hashing the text on every query showed in profiles). */
const MAX_REMEMBERED_NAMES = 2000;

const preparedBy = new WeakMap<pg.PoolClient, Set<string>>();
const nameOfText = new Map<string, string>();

function nameOf(text: string): string {
  let name = nameOfText.get(text);
  if (name === undefined) {
    if (nameOfText.size >= MAX_REMEMBERED_NAMES) nameOfText.clear();
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    nameOfText.set(text, name);
  }
  return name;
}

function statementName(client: pg.PoolClient, text: string): string | null {
  let names = preparedBy.get(client);
  if (!names) {
    names = new Set();
    preparedBy.set(client, names);
  }
  const name = nameOf(text);
  if (names.has(name)) return name;
  if (names.size >= MAX_PREPARED_PER_CONNECTION) return null;
  names.add(name);
  return name;
}

const TRANSACTION_START = 'begin; ';

/**
 * The statement that opens a transaction bound to a company (its id a checked integer, so inlining
 * it is safe; simple protocol, which allows the two commands).
 */
export const tenantTransactionStart = (companyId: number) =>
  `${TRANSACTION_START}select set_config('app.company_id', '${companyId}', true)`;

const NOTHING = { command: null, rowCount: 0, rows: [], fields: [] };

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  /** A transaction start not yet written: it goes out with the next statement. */
  let heldStart: string | null = null;

  const send = (sql: string, parameters?: ReadonlyArray<unknown>): Promise<pg.QueryResult> => {
    // Statements without parameters (BEGIN; set_config…, COMMIT) may hold several commands,
    // which only the simple protocol accepts: those stay unnamed.
    if (parameters && parameters.length > 0) {
      const name = statementName(client, sql);
      if (name) return client.query({ name, text: sql, values: [...parameters] });
    }
    return client.query(sql, parameters as unknown[]);
  };

  return {
    query(sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): never {
      if (typeof sqlOrCursor !== 'string') {
        return client.query(sqlOrCursor as string, parameters as unknown[]) as never;
      }
      if (sqlOrCursor.startsWith(TRANSACTION_START)) {
        heldStart = sqlOrCursor;
        return Promise.resolve(NOTHING) as never;
      }
      const start = heldStart;
      heldStart = null;
      if (start === null) return send(sqlOrCursor, parameters) as never;
      // A transaction that ran nothing has nothing to end on the server.
      if (sqlOrCursor === 'commit' || sqlOrCursor === 'rollback') {
        return Promise.resolve(NOTHING) as never;
      }
      // Both are written now (pipeline mode), in one write to the socket; either failing fails
      // the statement.
      const socket = client.connection.stream;
      socket.cork();
      try {
        return Promise.all([send(start), send(sqlOrCursor, parameters)]).then(
          ([, result]) => result,
        ) as never;
      } finally {
        socket.uncork();
      }
    },
    release: () => client.release(),
  };
}

const guarded = new WeakSet<pg.PoolClient>();
/**
 * pg-pool listens for errors only on idle clients: a connection cut while a request holds it (the
 * database killed or restarted) would emit an unhandled 'error' and end the process. The query in
 * flight fails on its own (and answers 503), and the pool drops the broken client on release.
 */
function guard(client: pg.PoolClient): pg.PoolClient {
  if (!guarded.has(client)) {
    guarded.add(client);
    client.on('error', () => undefined);
  }
  return client;
}

/** `pool` must be created with `pipeline: true` for the transaction start to share a write. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => preparingClient(guard(await pool.connect())),
    end: () => pool.end(),
  };
}
