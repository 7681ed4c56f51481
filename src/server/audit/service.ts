/**
 * What each reader of the audit trail may see. A patient's history: entries on the patient and on
 * the records that belong to it (letters, prescriptions…) that the reader may list. A user's
 * activity: everything that user did. The whole trail: admins only (checked by the route).
 */
import { sql } from 'kysely';
import {
  auditActionLabel,
  VIEW_ACTION,
  type AuditFilters,
  type AuditLine,
  type AuditPage,
  type HistoryViews,
} from '../../shared/audit-trail';
import {
  ENTITIES,
  patients,
  prescriptions,
  users,
  type EntityDefinition,
} from '../../shared/entities';
import { grants, privilegeOf } from '../../shared/privileges';
import type { AuthUser } from '../domain/caller';
import type { CallContext } from '../http/calls';
import { notFound } from '../http/errors';
import { existingIds } from '../entities/repository';
import { notFoundText } from '../entities/values';
import { clinicTimeZone } from '../diary/time-zone';
import { changesOf, entityLabel } from './changes';
import {
  auditRows,
  countsByMonth,
  type AuditQuery,
  type AuditRow,
  type RecordSet,
} from './repository';

/** `zone`: the clinic's, in which a changed instant is shown. */
function presentLine(row: AuditRow, zone: string): AuditLine {
  return {
    audit_id: row.audit_id,
    at: row.at.toISOString(),
    user_id: row.user_id,
    user_name: row.user_name ?? '',
    action: row.action,
    action_label: auditActionLabel(row.action),
    entity: row.entity,
    entity_label: entityLabel(row.entity),
    entity_id: row.entity_id,
    ip: row.ip,
    changes: changesOf(row.entity, row.before, row.after, zone),
  };
}

/** One page and, when there is more, where the next one starts. */
export async function auditPage(
  ctx: CallContext,
  query: Omit<AuditQuery, 'limit'>,
  size: number,
): Promise<AuditPage> {
  const rows = await auditRows(ctx.trx, ctx.caller.company.company_id, {
    ...query,
    limit: size + 1,
  });
  const shown = rows.slice(0, size);
  const zone = await clinicTimeZone(ctx);
  return {
    lines: shown.map((row) => presentLine(row, zone)),
    next_before_id: rows.length > size ? (shown.at(-1)?.audit_id ?? null) : null,
  };
}

const mayList = (user: AuthUser, d: EntityDefinition) =>
  user.is_admin || d.openReads || grants(user.privileges, privilegeOf(d.module, 'list'));

/** The entity sets whose rows name a patient (a letter's, a prescription's patient). */
const PATIENT_PARTS = ENTITIES.flatMap((d) =>
  d.fields
    .filter((f) => f.type === 'single_select_relation' && f.references === patients.entities)
    .map((f) => ({ d, field: f.name })),
);

async function requireRow(ctx: CallContext, d: EntityDefinition, id: number): Promise<void> {
  const found = await existingIds(ctx.trx, d, ctx.caller.company.company_id, [id]);
  if (found.length === 0) throw notFound(notFoundText(d, id));
}

/** The patient and its own records the reader may list: the sets a history shows. */
async function patientRecords(ctx: CallContext, patientId: number): Promise<RecordSet[]> {
  const parts = PATIENT_PARTS.filter((part) => mayList(ctx.user, part.d));
  const sets: RecordSet[] = [];
  // One after another: they share the call's one connection.
  for (const { d, field } of parts) {
    const result = await sql<{ id: number }>`select ${sql.ref(d.keys.id)} as id
      from ${sql.table(d.table)} where company_id = ${ctx.caller.company.company_id}
      and ${sql.ref(field)} = ${patientId}`.execute(ctx.trx);
    sets.push({ entity: d.entities, ids: result.rows.map((row) => String(row.id)) });
  }
  return [{ entity: patients.entities, ids: [String(patientId)] }, ...sets];
}

/**
 * A patient's history. With `views: 'grouped'` its views (one line per opening, soon most of the
 * lines) are counted by month on the first page and left out of the lines, so that the changes
 * are not buried under them.
 */
export async function patientHistory(
  ctx: CallContext,
  patientId: number,
  beforeId: number | undefined,
  size: number,
  views: HistoryViews = 'every',
): Promise<AuditPage> {
  await requireRow(ctx, patients, patientId);
  const records = await patientRecords(ctx, patientId);
  if (views === 'every') return auditPage(ctx, { records, beforeId }, size);
  const page = await auditPage(ctx, { records, beforeId, exceptAction: VIEW_ACTION }, size);
  if (beforeId !== undefined) return page;
  const company = ctx.caller.company.company_id;
  return { ...page, viewed: await countsByMonth(ctx.trx, company, records, VIEW_ACTION) };
}

export async function userActivity(
  ctx: CallContext,
  userId: number,
  beforeId: number | undefined,
  size: number,
): Promise<AuditPage> {
  await requireRow(ctx, users, userId);
  return auditPage(ctx, { filters: { user_id: userId }, beforeId }, size);
}

export const trailPage = (
  ctx: CallContext,
  filters: AuditFilters,
  beforeId: number | undefined,
  size: number,
) => auditPage(ctx, { filters, beforeId }, size);

export async function recordPrescriptionPrint(ctx: CallContext, id: number): Promise<void> {
  await requireRow(ctx, prescriptions, id);
  await ctx.audit({ action: 'print', entity: prescriptions.entities, entity_id: id });
}
