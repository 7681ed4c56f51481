/**
 * Statements whose answer nobody waits for — the start of a tenant transaction, an audit row —
 * are held back and written together with the next statement, in one socket write (the pool runs
 * pg in pipeline mode), so they cost no round trip of their own. PostgreSQL runs everything in the
 * order written; only the moment a failure is seen changes: a held statement's error fails the
 * statement it went out with (or the commit), and so the call.
 *
 * The other way round, a transaction's commit may trail its last statement: written right behind
 * it in the same write, it fails that statement if it fails. Nothing may follow it on the
 * connection (a statement after it would run outside the transaction, without the tenant): that
 * is refused, unless a held start of a new transaction comes first (tenancy.ts, `beginAgain`).
 */
import { CompiledQuery } from 'kysely';
import type pg from 'pg';

// A trailing comment, so that the text still starts with its command (the bench's SQL baseline
// recognises the transaction's start and end by it).
const HELD = ' /* held */';

const TRAILING = ' /* trailing */';

/** Marks SQL text to be written right behind the next statement, as the last of its checkout. */
export const trailing = (sql: string) => `${sql}${TRAILING}`;

/** Marks SQL text to be held back until the next statement. */
export const held = (sql: string) => `${sql}${HELD}`;

/** A compiled query, marked to be held back until the next statement. */
export const heldQuery = (query: CompiledQuery): CompiledQuery =>
  CompiledQuery.raw(held(query.sql), [...query.parameters]);

type Send = (sql: string, parameters?: ReadonlyArray<unknown>) => Promise<pg.QueryResult>;
interface Statement {
  sql: string;
  parameters?: ReadonlyArray<unknown>;
}

/** Whether a held statement begins the transaction: until it is written, there is none. */
const beginsTransaction = (statement: Statement | undefined) =>
  statement !== undefined && /^begin\b/i.test(statement.sql);

const NOTHING = { command: null, rowCount: 0, rows: [], fields: [] } as unknown as pg.QueryResult;

const ENDS = new Set(['commit', 'rollback']);

/** `send` with held and trailing statements: one per checked-out connection. */
export function holdingSender(send: Send, socket: { cork(): void; uncork(): void }): Send {
  let waiting: Statement[] = [];
  let behind: Statement | null = null;
  /** A trailing end has gone out: the transaction is over. */
  let ended = false;

  /** What was held, `sql`, and what trails it, in one write; answers `sql`'s result. */
  const together = (sql: string, parameters?: ReadonlyArray<unknown>) => {
    const [before, after] = [waiting, behind];
    [waiting, behind] = [[], null];
    ended = after !== null;
    socket.cork();
    try {
      const sent = before.map((s) => send(s.sql, s.parameters));
      const main = send(sql, parameters);
      const trailed = after ? [send(after.sql, after.parameters)] : [];
      return Promise.all([...sent, main, ...trailed]).then(() => main);
    } finally {
      socket.uncork();
    }
  };

  return (sql, parameters) => {
    if (ended) {
      // The transaction's own end, sent as usual once the work is done, has nothing left to do.
      if (ENDS.has(sql)) return Promise.resolve(NOTHING);
      if (sql.endsWith(HELD) && beginsTransaction({ sql })) {
        ended = false;
        waiting.push({ sql, parameters });
        return Promise.resolve(NOTHING);
      }
      return Promise.reject(new Error(`"${sql}" was sent after the transaction's trailing end.`));
    }
    if (sql.endsWith(TRAILING)) {
      behind = { sql, parameters };
      return Promise.resolve(NOTHING);
    }
    if (sql.endsWith(HELD)) {
      waiting.push({ sql, parameters });
      return Promise.resolve(NOTHING);
    }
    // No statement came for the trailing end to follow: the usual end replaces it.
    if (ENDS.has(sql)) behind = null;
    if (waiting.length === 0 && !behind) return send(sql, parameters);
    const begun = !beginsTransaction(waiting[0]);
    // A transaction not yet begun on the server has nothing to undo; one that ran only its start
    // has nothing to end.
    if (sql === 'rollback') {
      waiting = [];
      return begun ? send(sql) : Promise.resolve(NOTHING);
    }
    if (sql === 'commit' && !begun && waiting.length === 1) {
      waiting = [];
      return Promise.resolve(NOTHING);
    }
    return together(sql, parameters);
  };
}
