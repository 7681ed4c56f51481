/**
 * Constraint failures PostgreSQL reports, turned into messages a caller can act on. The database
 * is the last line (unique e-mails, records still in use, references to rows that do not exist);
 * the service checks most things first, so these are the cases only the database can see.
 */
import { sql } from 'kysely';
import { ENTITIES, type EntityDefinition } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { ApiError, badRequest, conflict } from '../http/errors';
import type { EntityBehaviour } from './behaviour';
import type { Row } from './repository';

interface PgError extends Error {
  code: string;
  detail?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as PgError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as PgError).code);

/**
 * The fields a failed constraint is about. Row-level security makes PostgreSQL leave the key
 * values (and columns) out of the message, so they are read from the constraint's name, which
 * PostgreSQL builds from the column names (`users_company_id_user_email_key`).
 */
function fieldsOf(definition: EntityDefinition, error: PgError): string[] {
  const name = error.constraint ?? '';
  return definition.fields
    .filter((f) => name.includes(f.name))
    .filter((f, _, all) => !all.some((o) => o !== f && o.name.includes(f.name)))
    .map((f) => f.name);
}

const titleOfTable = (table: string) => ENTITIES.find((e) => e.table === table)?.title ?? table;
const singularOfTable = (table: string) =>
  ENTITIES.find((e) => e.table === table)?.singular ?? 'row';

/** A column as the user knows it: its field's label (messages name fields by label). */
function labelOf(definition: EntityDefinition, column: string): string {
  return definition.fields.find((f) => f.name === column)?.label ?? column;
}

/** Rethrows a database failure as an ApiError when it is the caller's doing. */
function explainDatabaseError(error: unknown, definition: EntityDefinition): never {
  if (!isPgError(error)) throw error;
  switch (error.code) {
    case '23505': {
      const labels = fieldsOf(definition, error).map((c) => labelOf(definition, c));
      throw conflict(
        `Another ${definition.singular} already has this ${labels.join(' and ') || 'value'}.`,
      );
    }
    case '23001': // restrict_violation (ON DELETE RESTRICT)
    case '23503': {
      const referenced = /referenced from table "([^"]+)"/.exec(error.detail ?? '');
      if (referenced) {
        throw conflict(
          `This ${definition.singular} is still used by ` +
            `${titleOfTable(referenced[1] ?? '').toLowerCase()}; remove those first.`,
        );
      }
      const missing = /is not present in table "([^"]+)"/.exec(error.detail ?? '');
      const column = fieldsOf(definition, error)[0];
      const singular = singularOfTable(missing?.[1] ?? '');
      throw badRequest(
        column
          ? `${labelOf(definition, column)}: there is no ${singular} with that id.`
          : `There is no ${singular} with that id.`,
        column,
      );
    }
    case '23502':
      throw error.column
        ? badRequest(`${labelOf(definition, error.column)}: Can not be empty.`, error.column)
        : badRequest('A value can not be empty.');
    case '23514':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      throw badRequest(
        `A value is out of range or has the wrong form${error.column ? ` (${labelOf(definition, error.column)})` : ''}.`,
        error.column,
      );
    default:
      throw error;
  }
}

/** undefined_column, undefined_table: the code names what no migration has made here yet. */
const SCHEMA_BEHIND_CODES = new Set(['42703', '42P01']);

export const SCHEMA_BEHIND_TEXT =
  'The database schema is older than this version of Materia, so this could not be done and ' +
  'nothing was saved. An administrator needs to run the database migrations (restarting the ' +
  'server runs them); then try again.';

/**
 * A forgotten migration: the code reads a column or table the database does not have. The caller
 * gets a message that says so instead of an unexplained failure, and the log a line naming what
 * is missing (PostgreSQL's own message names the column or table).
 */
export function schemaBehind(error: unknown): { reply: ApiError; logLine: string } | null {
  if (!isPgError(error) || !SCHEMA_BEHIND_CODES.has(error.code)) return null;
  return {
    reply: new ApiError(500, SCHEMA_BEHIND_TEXT),
    logLine: `Database schema is behind the code (${error.code}: ${error.message}); run the migrations.`,
  };
}

/**
 * `explained`, with the entity set's own explanation first when it has one (behaviour.ts,
 * explainWriteError): the write then runs inside a savepoint, rolled back on failure so that the
 * explanation can still read in the call's transaction.
 */
export async function explainedWrite<T>(
  ctx: CallContext,
  definition: EntityDefinition,
  behaviour: EntityBehaviour,
  values: Row,
  work: () => Promise<T>,
): Promise<T> {
  if (!behaviour.explainWriteError) return explained(definition, work);
  await sql.raw('savepoint explained_write').execute(ctx.trx);
  try {
    const result = await work();
    await sql.raw('release savepoint explained_write').execute(ctx.trx);
    return result;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    await sql.raw('rollback to savepoint explained_write').execute(ctx.trx);
    await behaviour.explainWriteError(ctx, error, values);
    return explainDatabaseError(error, definition);
  }
}

/** Runs a write and explains a constraint failure instead of answering 500. */
export async function explained<T>(
  definition: EntityDefinition,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    return explainDatabaseError(error, definition);
  }
}
