/** The demo clinic (slug `demo`) created on first start, and the admin login printed for it. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import { createCompany } from './companies/create';

export const DEMO_SLUG = 'demo';

type DemoSeeder = (db: Kysely<DB>, companyId: number) => Promise<void>;
const seeders: DemoSeeder[] = [];

/** Features add the demo records they own (herbs, patients, …). */
export function onDemoCreated(seeder: DemoSeeder): void {
  seeders.push(seeder);
}

const demoExists = async (db: Kysely<DB>) =>
  (await db
    .selectFrom('companies')
    .select('company_id')
    .where('company_slug', '=', DEMO_SLUG)
    .executeTakeFirst()) !== undefined;

/** Meets the password rules: an upper-case letter, a digit, no spaces, well over 10 long. */
const generatePassword = () => `M${randomBytes(12).toString('base64url')}7`;

export async function ensureDemoCompany(
  db: Kysely<DB>,
  config: Config,
): Promise<{ created: boolean; email: string; password: string | null; generated: boolean }> {
  const notCreated = { created: false, email: config.adminEmail, password: null, generated: false };
  if (await demoExists(db)) return notCreated;
  const password = config.adminPassword ?? generatePassword();
  const company = await createCompany(db, {
    slug: DEMO_SLUG,
    name: 'Demo Herbal Clinic',
    adminEmail: config.adminEmail,
    adminPassword: password,
    adminFirstName: 'Ada',
    adminLastName: 'Admin',
  }).catch(async (error: unknown) => {
    // Servers started together on a fresh database race to create it: the others carry on.
    if (await demoExists(db)) return null;
    throw error;
  });
  if (!company) return notCreated;
  for (const seed of seeders) await seed(db, company.company_id);
  return { created: true, email: config.adminEmail, password, generated: !config.adminPassword };
}
