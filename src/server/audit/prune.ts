/**
 * Retention: entries older than the company's setting (default 7 years) are removed by a job each
 * server runs every few hours. Each company is pruned in its own tenant transaction under a
 * transaction advisory lock taken with try: when two servers meet, one prunes and the other moves
 * on. The delete itself is prune_audit_log (0022), the only way the app role removes audit rows.
 */
import { sql, type Kysely } from 'kysely';
import { AUDIT_RETENTION_DEFAULT_YEARS, AUDIT_RETENTION_SETTING } from '../../shared/audit-trail';
import { PRODUCT_MODULE } from '../../shared/modules';
import type { DB } from '../db/schema';
import { inTenant, type Tx } from '../db/tenancy';
import { findModuleByName } from '../modules/repository';
import { settingsOf } from '../modules/present';

/** Arbitrary, fixed: the first key of the advisory lock pruning takes (the company is the second). */
const PRUNE_LOCK = 170_004;
const EVERY_MS = 6 * 60 * 60 * 1000;

async function retentionYears(trx: Tx, companyId: number): Promise<number> {
  const row = await findModuleByName(trx, companyId, PRODUCT_MODULE);
  const years = row ? settingsOf(row)[AUDIT_RETENTION_SETTING] : undefined;
  return typeof years === 'number' ? years : AUDIT_RETENTION_DEFAULT_YEARS;
}

/** Prunes every company once; answers how many entries went. */
export async function pruneAuditTrail(db: Kysely<DB>): Promise<number> {
  const companies = await db.selectFrom('companies').select('company_id').execute();
  let removed = 0;
  for (const { company_id: companyId } of companies) {
    removed += await inTenant(db, companyId, async (trx) => {
      const lock = await sql<{
        got: boolean;
      }>`select pg_try_advisory_xact_lock(${PRUNE_LOCK}, ${companyId}::int) as got`.execute(trx);
      if (!lock.rows[0]?.got) return 0;
      const years = await retentionYears(trx, companyId);
      const result = await sql<{
        removed: number;
      }>`select prune_audit_log(${years}::int) as removed`.execute(trx);
      return result.rows[0]?.removed ?? 0;
    });
  }
  return removed;
}

/** Runs the prune now and then every few hours until stopped; a failure waits for the next turn. */
export function startAuditPruning(db: Kysely<DB>, onError: (error: unknown) => void): () => void {
  const run = () => void pruneAuditTrail(db).catch(onError);
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
