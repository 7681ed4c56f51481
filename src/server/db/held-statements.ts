/**
 * Statements whose answer nobody waits for — the start of a tenant transaction, an audit row —
 * are held back and written together with the next statement, in one socket write (the pool runs
 * pg in pipeline mode), so they cost no round trip of their own. PostgreSQL runs everything in the
 * order written; only the moment a failure is seen changes: a held statement's error fails the
 * statement it went out with (or the commit), and so the call.
 */
import { CompiledQuery } from 'kysely';
import type pg from 'pg';

// A trailing comment, so that the text still starts with its command (the bench's SQL baseline
// recognises the transaction's start and end by it).
const HELD = ' /* held */';

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

/** `send` with held statements: one per checked-out connection. */
export function holdingSender(send: Send, socket: { cork(): void; uncork(): void }): Send {
  let waiting: Statement[] = [];

  return (sql, parameters) => {
    if (sql.endsWith(HELD)) {
      waiting.push({ sql, parameters });
      return Promise.resolve(NOTHING);
    }
    if (waiting.length === 0) return send(sql, parameters);
    const before = waiting;
    waiting = [];
    const begun = !beginsTransaction(before[0]);
    // A transaction not yet begun on the server has nothing to undo; one that ran only its start
    // has nothing to end.
    if (sql === 'rollback') return begun ? send(sql) : Promise.resolve(NOTHING);
    if (sql === 'commit' && !begun && before.length === 1) return Promise.resolve(NOTHING);
    socket.cork();
    try {
      const sent = before.map((s) => send(s.sql, s.parameters));
      return Promise.all([...sent, send(sql, parameters)]).then((results) => results.at(-1)!);
    } finally {
      socket.uncork();
    }
  };
}
