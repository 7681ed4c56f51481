/**
 * Reading the audit trail: keyset pages, newest first, of one company's rows. Each kind of page
 * has its index (0022_audit_trail) ending in audit_id, and every condition is an equality or range
 * on bigint, text or timestamptz, whose operators are leakproof, so RLS lets the index serve them.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AuditFilters } from '../../shared/audit-trail';
import type { DB } from '../db/schema';
import type { Tx } from '../db/tenancy';

export interface AuditRow {
  audit_id: number;
  at: Date;
  user_id: number | null;
  user_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string;
}

/** Records whose entries a page shows: an entity set and the ids in it. */
export interface RecordSet {
  entity: string;
  ids: readonly string[];
}

export interface AuditQuery {
  filters?: AuditFilters;
  records?: readonly RecordSet[];
  /** Leaves out the entries of this action (a history's views, counted apart). */
  exceptAction?: string | undefined;
  beforeId?: number | undefined;
  limit: number;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export async function auditRows(trx: Tx, companyId: number, q: AuditQuery): Promise<AuditRow[]> {
  const f = q.filters ?? {};
  let query = trx
    .selectFrom('audit_log as a')
    .leftJoin('users as u', (join) =>
      join.onRef('u.company_id', '=', 'a.company_id').onRef('u.user_id', '=', 'a.user_id'),
    )
    .select([
      'a.audit_id',
      'a.at',
      'a.user_id',
      sql<string | null>`concat_ws(' ', u.user_first_name, u.user_last_name)`.as('user_name'),
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.before',
      'a.after',
      'a.ip',
    ])
    .where('a.company_id', '=', companyId);
  if (q.beforeId !== undefined) query = query.where('a.audit_id', '<', q.beforeId);
  if (f.user_id !== undefined) query = query.where('a.user_id', '=', f.user_id);
  if (f.entity !== undefined) query = query.where('a.entity', '=', f.entity);
  if (f.action !== undefined) query = query.where('a.action', '=', f.action);
  if (f.from !== undefined) query = query.where('a.at', '>=', dayStart(f.from));
  if (f.to !== undefined) query = query.where('a.at', '<', dayAfter(f.to));
  if (q.exceptAction !== undefined) query = query.where('a.action', '<>', q.exceptAction);
  if (q.records) query = query.where(ofRecords(q.records));
  return query.orderBy('a.audit_id', 'desc').limit(q.limit).execute();
}

/** Entries on any of these records. */
const ofRecords =
  (records: readonly RecordSet[]) =>
  (eb: ExpressionBuilder<DB & { a: DB['audit_log'] }, 'a'>): Expression<SqlBool> =>
    eb.or(
      records
        .filter((set) => set.ids.length > 0)
        .map((set) =>
          eb.and([eb('a.entity', '=', set.entity), eb('a.entity_id', 'in', [...set.ids])]),
        ),
    );

/** The entries of `action` on these records, counted by month (UTC), newest first. */
export async function countsByMonth(
  trx: Tx,
  companyId: number,
  records: readonly RecordSet[],
  action: string,
): Promise<Array<{ month: string; views: number; people: number }>> {
  const month = sql<string>`to_char(a.at at time zone 'UTC', 'YYYY-MM')`;
  return trx
    .selectFrom('audit_log as a')
    .select([
      month.as('month'),
      sql<number>`count(*)::int`.as('views'),
      sql<number>`count(distinct a.user_id)::int`.as('people'),
    ])
    .where('a.company_id', '=', companyId)
    .where('a.action', '=', action)
    .where(ofRecords(records))
    .groupBy(month)
    .orderBy(month, 'desc')
    .execute();
}
