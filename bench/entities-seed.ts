/**
 * The patients benchmark's companies: 99 more complete tenants made by
 * `createCompany`, and how 1,000,000 patients are shared among 100 companies (loaded by
 * test/support/bulk-patients.ts). BENCH_ONE_CLINIC=1: the same million all in the demo clinic,
 * no other company (ten times the largest clinic of the shared set).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createCompany } from '../src/server/companies/create';
import type { DB } from '../src/server/db/schema';
import { registerSeeders } from '../src/server/seed/register';

export const ONE_CLINIC = process.env.BENCH_ONE_CLINIC === '1';
export const TOTAL_PATIENTS = 1_000_000;
export const LARGEST_COMPANY_PATIENTS = ONE_CLINIC ? TOTAL_PATIENTS : 100_000;
export const OTHER_COMPANIES = ONE_CLINIC ? 0 : 99;

/** Patients per company: the largest gets 100,000, the other 99 share the rest unevenly. */
export function patientCounts(): number[] {
  if (OTHER_COMPANIES === 0) return [TOTAL_PATIENTS];
  const weights = Array.from({ length: OTHER_COMPANIES }, (_, i) => 1 / (i + 1) ** 0.7);
  const sum = weights.reduce((a, b) => a + b, 0);
  const rest = TOTAL_PATIENTS - LARGEST_COMPANY_PATIENTS;
  const counts = weights.map((w) => Math.floor((rest * w) / sum));
  counts[0]! += rest - counts.reduce((a, b) => a + b, 0);
  return [LARGEST_COMPANY_PATIENTS, ...counts];
}

/** Complete tenants (admin, groups, modules, countries, categories…), four at a time. */
export async function createCompanies(appUrl: string, password: string): Promise<number[]> {
  registerSeeders();
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: appUrl, max: 4 }) }),
  });
  const ids: number[] = [];
  try {
    for (let start = 1; start <= OTHER_COMPANIES; start += 4) {
      const batch = Array.from(
        { length: Math.min(4, OTHER_COMPANIES - start + 1) },
        (_, i) => start + i,
      );
      const made = await Promise.all(
        batch.map((n) =>
          createCompany(db, {
            slug: `clinic-${n}`,
            name: `Clinic ${n}`,
            adminEmail: `admin@clinic-${n}.example`,
            adminPassword: password,
          }),
        ),
      );
      ids.push(...made.map((c) => c.company_id));
    }
  } finally {
    await db.destroy();
  }
  return ids;
}
