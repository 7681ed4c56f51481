/**
 * Lost updates: an update may carry the row version its user saw (`_version`)
 * and the value of the field it saw (`_seen`). When the row moved on since, the save is refused
 * only if *this field* changed — a colleague's edit of another field is no conflict — with a 409
 * that names who changed the field and when, and answers the current row so that the editor can
 * offer to reload or to overwrite (which saves again with the current version).
 */
import { sql } from 'kysely';
import type { EntityDefinition, FieldDefinition } from '../../shared/entities';
import { displayDate } from '../../shared/entities/merge-fields';
import type { CallContext } from '../http/calls';
import { ApiError } from '../http/errors';
import { VERSION_KEY, type Row } from './repository';

/** What the user saw when they started editing: the row's version and the field's value. */
export interface Seen {
  _version?: number;
  /** Absent when the client did not have the value (a list row without the field). */
  _seen?: unknown;
}

/** What a 409's `data.conflict` says, beside `data.entity` (the current row). */
interface ConflictData {
  field: string;
  changed_by: string | null;
  changed_at: string | null;
}

/** Values compared as the client received them (a timestamptz is a Date here, a string there). */
const asSent = (value: unknown) => JSON.stringify(value ?? null);

/** True when `current` may not simply be overwritten by a save made from what was `seen`. */
export function isStale(current: Row, field: FieldDefinition, seen: Seen): boolean {
  if (seen._version === undefined || seen._version === current[VERSION_KEY]) return false;
  if (!('_seen' in seen)) return true; // without the value seen, any change since counts
  return asSent(seen._seen) !== asSent(current[field.name]);
}

interface LastChange {
  at: Date;
  name: string | null;
}

/**
 * The latest audited write that changed this field of this row (any change of the row when no
 * field is named: an import by id refused for the row's version), with its author.
 */
export async function lastChange(
  ctx: CallContext,
  d: EntityDefinition,
  id: number,
  field?: string,
): Promise<LastChange | undefined> {
  const changedField =
    field === undefined
      ? sql`a.before is not null and a.after is not null and a.before is distinct from a.after`
      : sql`a.after ? ${field} and (a.before -> ${field}) is distinct from (a.after -> ${field})`;
  const result = await sql<LastChange>`select a.at, u.user_name as name from audit_log a
    left join users u on u.company_id = a.company_id and u.user_id = a.user_id
    where a.company_id = ${ctx.caller.company.company_id} and a.entity = ${d.entities}
      and a.entity_id = ${String(id)} and ${changedField}
    order by a.audit_id desc limit 1`.execute(ctx.trx);
  return result.rows[0];
}

/** "10:42 UTC" today, "23/11/2026 10:42 UTC" on another day (the server knows no time zone). */
export function whenText(at: Date, now = new Date()): string {
  const iso = at.toISOString();
  const time = `${iso.slice(11, 16)} UTC`;
  return iso.slice(0, 10) === now.toISOString().slice(0, 10)
    ? `at ${time}`
    : `on ${displayDate(iso.slice(0, 10))} at ${time}`;
}

/** The 409 for a stale save of `field`: who changed it and when, and the row as it is now. */
export async function conflictError(
  ctx: CallContext,
  d: EntityDefinition,
  id: number,
  field: FieldDefinition,
  entity: Row,
): Promise<ApiError> {
  const change = await lastChange(ctx, d, id, field.name);
  const who = change?.name?.trim() || 'Someone';
  const when = change ? ` ${whenText(change.at)}` : '';
  const text =
    `${who} changed "${field.label}"${when}, after you opened this record. ` +
    'Reload to see it, or save again to overwrite it.';
  const conflict: ConflictData = {
    field: field.name,
    changed_by: change?.name ?? null,
    changed_at: change ? change.at.toISOString() : null,
  };
  return new ApiError(409, text, { data: { conflict, entity } });
}
