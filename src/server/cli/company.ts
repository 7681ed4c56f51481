/**
 * `npm run company -- create --slug acme --name "Acme Clinic" --admin-email a@acme.test
 *  --admin-password '…'` creates a tenant with its admin, groups and modules. Uses the same
 * database settings as the server (DATA_DIR or DATABASE_URL), and works while the server runs.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createCompany } from '../companies/create';
import { registerSeeders } from '../seed/register';
import { runCommand } from './run-command';

const USAGE = `Usage: npm run company -- create --slug SLUG --name NAME --admin-email EMAIL --admin-password PASSWORD
       [--admin-first-name NAME] [--admin-last-name NAME]`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      slug: { type: 'string' },
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'admin-first-name': { type: 'string' },
      'admin-last-name': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals[0] !== 'create') {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const missing = ['slug', 'name', 'admin-email', 'admin-password'].filter(
    (key) => !values[key as keyof typeof values],
  );
  if (missing.length) {
    console.error(`Missing ${missing.map((m) => `--${m}`).join(', ')}.\n${USAGE}`);
    return 2;
  }
  registerSeeders();
  const config = loadConfig();
  const quiet = { info: () => {}, warn: (m: string) => console.warn(m), debug: () => {} };
  const database = await openDatabase(config, quiet);
  try {
    const company = await createCompany(database.db, {
      slug: values.slug!,
      name: values.name!,
      adminEmail: values['admin-email']!,
      adminPassword: values['admin-password']!,
      adminFirstName: values['admin-first-name'] ?? 'Admin',
      adminLastName: values['admin-last-name'] ?? '',
    });
    console.log(`Created company "${company.company_name}" (slug ${company.company_slug}).`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
