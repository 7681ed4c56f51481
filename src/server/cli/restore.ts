/**
 * `npm run restore -- FILE [--replace] [--company SLUG]`: restores a backup into an empty data
 * folder or database (DATA_DIR or DATABASE_URL, as the server uses), or imports one clinic into
 * an installation that has others. All or nothing: a refusal or a damaged file changes nothing.
 */
import { parseArgs } from 'node:util';
import { openOwnerDatabase } from '../backup/connection';
import { readHeader, restoreBackup } from '../backup/restore';
import { loadConfig } from '../config';
import { appUrlFor, roleOf } from '../db/database';
import { runCommand } from './run-command';

const USAGE = `Usage: npm run restore -- FILE [--replace] [--company SLUG]
  --replace       delete what the target holds first (with --company or a clinic export: that clinic only)
  --company SLUG  import only this clinic, beside the clinics already there`;

runCommand(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      replace: { type: 'boolean' },
      company: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  // A file that is not a backup is refused before anything is created.
  const { reader, header } = await readHeader(positionals[0]!);
  const config = loadConfig();
  const database = await openOwnerDatabase(config, { create: true });
  try {
    const summary = await restoreBackup({
      ownerUrl: database.url,
      appRole: roleOf(await appUrlFor(config, database.url)),
      reader,
      header,
      replace: values.replace ?? false,
      company: values.company ?? null,
    });
    console.log(
      `Restored ${summary.clinics.length} clinic(s) (${summary.clinics.join(', ')}): ` +
        `${summary.tables} tables, ${summary.rows} rows, from a backup of ${header.created_at} ` +
        `(Materia ${header.materia_version}, schema ${header.schema_level}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
});
