/**
 * `npm run backup -- --out FILE [--company SLUG]`: a consistent, compressed dump of every clinic
 * (or of one), written by Materia itself (see src/server/backup/format.ts). Uses the server's
 * database settings (DATA_DIR or DATABASE_URL) and works whether or not the server runs.
 */
import { parseArgs } from 'node:util';
import { openOwnerDatabase } from '../backup/connection';
import { writeBackup } from '../backup/writer';
import { loadConfig } from '../config';
import { runCommand } from './run-command';

const USAGE = 'Usage: npm run backup -- --out FILE [--company SLUG]';

runCommand(async () => {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      company: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.out) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const database = await openOwnerDatabase(loadConfig(), { create: false });
  try {
    const done = await writeBackup({
      ownerUrl: database.url,
      file: values.out,
      company: values.company ?? null,
    });
    console.log(
      `Backup written to ${values.out}: ${done.clinics} clinic(s), ${done.tables} tables, ` +
        `${done.rows} rows, ${done.bytes} bytes (schema ${done.schemaLevel}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
});
