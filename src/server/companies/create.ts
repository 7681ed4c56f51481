/**
 * Creates a tenant: the company, its admin (group 1) and staff groups, its first admin user and its
 * modules, all in one transaction. Features that need per-company starting data register an
 * initialiser (reference lists, category roots) that runs inside the same transaction.
 */
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { ADMIN_GROUP_ID } from '../../shared/limits';
import { passwordProblems } from '../../shared/password';
import { PRODUCT_MODULE } from '../../shared/modules';
import { hashPassword } from '../auth/passwords';
import type { DB } from '../db/schema';
import type { Tx } from '../db/tenancy';
import type { Company } from '../domain/company';
import { syncModules } from '../modules/sync';

const newCompanySchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'slug: lower-case letters, digits and dashes only'),
  name: z.string().trim().min(1, 'name: can not be empty').max(255),
  adminEmail: z.email('admin e-mail: must be an e-mail address').transform((e) => e.toLowerCase()),
  adminPassword: z.string().superRefine((p, ctx) => {
    for (const text of passwordProblems(p))
      ctx.addIssue({ code: 'custom', message: `admin password: ${text}` });
  }),
  adminFirstName: z.string().default('Admin'),
  adminLastName: z.string().default(''),
});
type NewCompany = z.input<typeof newCompanySchema>;

type CompanyInitialiser = (trx: Tx, company: Company) => Promise<void>;
const initialisers: CompanyInitialiser[] = [];

export function onCompanyCreated(initialiser: CompanyInitialiser): void {
  initialisers.push(initialiser);
}

class CompanyExistsError extends Error {}

export async function createCompany(db: Kysely<DB>, input: NewCompany): Promise<Company> {
  // A clinic without its countries and category roots is broken: say so rather than make one.
  if (initialisers.length === 0)
    throw new Error(
      'No starting data registered: call registerSeeders() (seed/register.ts) first.',
    );
  const parsed = newCompanySchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  const data = parsed.data;
  const passwordHash = await hashPassword(data.adminPassword);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('companies')
      .select('company_id')
      .where('company_slug', '=', data.slug)
      .executeTakeFirst();
    if (taken) throw new CompanyExistsError(`A company with slug "${data.slug}" already exists.`);
    const company = await trx
      .insertInto('companies')
      .values({ company_slug: data.slug, company_name: data.name })
      .returning(['company_id', 'company_slug', 'company_name'])
      .executeTakeFirstOrThrow();
    await sql`select set_config('app.company_id', ${String(company.company_id)}, true)`.execute(
      trx,
    );
    await trx
      .insertInto('groups')
      .values([
        {
          company_id: company.company_id,
          group_name: 'Administrators',
          group_key: 'admins',
          group_description: 'Every privilege, including users, groups and modules.',
        },
        {
          company_id: company.company_id,
          group_name: 'Staff',
          group_key: 'staff',
          group_description:
            'Clinic staff: patients, prescriptions, letters and the materia medica.',
        },
      ])
      .execute();
    const admin = await trx
      .insertInto('users')
      .values({
        company_id: company.company_id,
        user_first_name: data.adminFirstName,
        user_last_name: data.adminLastName,
        user_email: data.adminEmail,
        user_password_hash: passwordHash,
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_groups')
      .values({ company_id: company.company_id, user_id: admin.user_id, group_id: ADMIN_GROUP_ID })
      .execute();
    await syncModules(trx, company.company_id);
    await trx
      .updateTable('modules')
      .set({
        module_public_settings: sql`module_public_settings || ${JSON.stringify({
          company_name: data.name,
          admin_email: data.adminEmail,
        })}::jsonb`,
      })
      .where('module_name', '=', PRODUCT_MODULE)
      .execute();
    for (const initialise of initialisers) await initialise(trx, company);
    return company;
  });
}
