// Compares the entity definitions with the schema the shipped migrations build and, when they
// differ, writes ONE new migration that freezes the DDL helpers' SQL for the difference (and
// rewrites src/server/db/migrations/index.ts to list it). When nothing differs, writes nothing.
// The shipped migrations run on a scratch embedded PostgreSQL in a temporary folder, exactly as
// a server's start-up runs them, so the comparison is with what every clinic's database holds.
// Run: npm run generate:schema [-- migration_name]
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ENTITIES } from '../src/shared/entities';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { describeDrift, schemaDrift, type Drift } from '../src/server/db/ddl/drift';
import {
  MIGRATIONS_FOLDER,
  migrationFileSource,
  migrationIndexSource,
  readMigrationFiles,
  vacuumAfterSql,
} from '../src/server/db/ddl/migration-files';

const quiet = { info: () => {}, warn: () => {}, debug: () => {} };

async function driftOfShippedSchema(): Promise<Drift[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-schema-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config, quiet);
  const client = new pg.Client({ connectionString: database.ownerUrl });
  try {
    await client.connect();
    return await schemaDrift(client, ENTITIES);
  } finally {
    await client.end();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `allergies` → `0019_allergies`, exported as `allergies0019` (a valid, unique identifier). */
function nextFile(title: string) {
  const files = readMigrationFiles();
  const last = Number(files.at(-1)?.name.slice(0, 4) ?? 0);
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'schema';
  const number = String(last + 1).padStart(4, '0');
  const camel = slug.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return { files, file: { name: `${number}_${slug}`, exported: `${camel}${number}` } };
}

async function main() {
  const drifts = await driftOfShippedSchema();
  if (drifts.length === 0) {
    console.log('The schema the migrations build matches every definition: no migration written.');
    return;
  }
  const manual = drifts.filter((d) => !d.fix);
  if (manual.length > 0) {
    console.error('These differences need a migration written by hand (nothing was written):');
    for (const d of manual) console.error(`  ${describeDrift(d)}`);
    process.exitCode = 1;
    return;
  }
  const { files, file } = nextFile(process.argv[2] ?? 'schema');
  const summary = drifts.map(describeDrift);
  const sql = drifts.map((d) => `-- ${describeDrift(d)}\n${d.fix}`).join('\n\n');
  const path = join(MIGRATIONS_FOLDER, `${file.name}.ts`);
  const index = join(MIGRATIONS_FOLDER, 'index.ts');
  const rewritten = drifts.flatMap((d) => (d.rewrites ? [d.rewrites] : []));
  await writeFile(path, migrationFileSource(file, summary, sql, vacuumAfterSql(rewritten)));
  await writeFile(index, migrationIndexSource([...files, file]));
  execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', path, index], {
    stdio: 'inherit',
  });
  console.log(`Wrote ${path} for:\n${summary.map((line) => `  ${line}`).join('\n')}`);
}

await main();
