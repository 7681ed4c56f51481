/**
 * The bounds on the database work one caller can cause, besides the statement deadline of a
 * company's transaction (tenancy.ts): the temporary files a statement of the app role may write,
 * and the deadline of a backup's statements.
 */
import pg from 'pg';

/** The temporary files one statement of the app role may write (sorts and hashes past work_mem). */
const APP_TEMP_FILE_LIMIT = '256MB';

/** A backup's or restore's statement: long (a whole table's rows), still bounded. */
export const BACKUP_STATEMENT_TIMEOUT_MS = 600_000;

/** The advisory lock taken while the app role is changed (here and in database.ts). */
export const APP_ROLE_LOCK = 7_061_994;

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Sets temp_file_limit for the app role, as the owner. Only a superuser may set it (it is a
 * superuser parameter): the embedded cluster's owner is one; a DBA's owner usually is not, and
 * then the log says what to run, and the server goes on (its statements keep their deadline).
 * A limit already set for the role, by a DBA or an earlier start, is left as it is.
 */
export async function capTempFiles(ownerUrl: string, appRole: string, log: Logger): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const set = await client.query(
      `select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
       where r.rolname = $1 and s.setdatabase = 0
         and exists (select 1 from unnest(s.setconfig) c where c like 'temp\\_file\\_limit=%')`,
      [appRole],
    );
    if (set.rowCount) return;
    const owner = await client.query<{ rolsuper: boolean }>(
      'select rolsuper from pg_roles where rolname = current_user',
    );
    const role = client.escapeIdentifier(appRole);
    const statement = `alter role ${role} set temp_file_limit = '${APP_TEMP_FILE_LIMIT}'`;
    if (!owner.rows[0]?.rolsuper) {
      log.warn(
        `The temporary files of the application role's statements are not capped: only a ` +
          `superuser may set temp_file_limit. Ask the database administrator to run: ${statement}`,
      );
      return;
    }
    // Several servers may start at once: one at a time changes the role.
    await client.query('select pg_advisory_lock($1)', [APP_ROLE_LOCK]);
    try {
      await client.query(statement);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [APP_ROLE_LOCK]);
    }
    log.info(
      `Statements of ${appRole} may write at most ${APP_TEMP_FILE_LIMIT} of temporary files.`,
    );
  } finally {
    await client.end();
  }
}

/** `url` with a statement deadline for every statement of its connections (a backup's). */
export function withStatementTimeout(url: string, ms: number): string {
  const bounded = new URL(url);
  bounded.searchParams.set('options', `-c statement_timeout=${ms}`);
  return bounded.toString();
}
