/**
 * Writes a backup: one REPEATABLE READ, READ ONLY transaction (one snapshot, whatever the
 * running servers write meanwhile), each table streamed by COPY … TO STDOUT through gzip into
 * FILE.partial, renamed to FILE once complete. No table is ever held in memory.
 */
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { readVersion } from '../version';
import { copiedTables, type CatalogueTable } from './catalogue';
import { FileSink } from './file-sink';
import {
  controlLine,
  END_OF_ROWS,
  INSTALLATION_ONLY_TABLES,
  MARK,
  newHeader,
  type CompanySection,
  type EndSection,
  type TableSection,
} from './format';
import { progressLine } from './progress';
import { appliedMigrations } from './schema-level';
import { setTenant, tenantCounters } from './tenant-sql';

interface BackupOptions {
  ownerUrl: string;
  file: string;
  /** One clinic's slug, or null for every clinic and the global tables. */
  company: string | null;
}

interface BackupSummary extends EndSection {
  bytes: number;
  schemaLevel: string;
}

/** Streams one table's rows (`select` names the columns and the rows) into the file. */
async function copyRows(
  client: pg.Client,
  sink: FileSink,
  section: TableSection,
  select: string,
): Promise<number> {
  await sink.write(controlLine(MARK.table, section));
  const rows = client.query(copyTo(`copy (${select}) to stdout`));
  for await (const chunk of rows) await sink.write(chunk as Buffer);
  await sink.write(END_OF_ROWS);
  return rows.rowCount;
}

const columnList = (client: pg.Client, columns: string[]) =>
  columns.map((c) => client.escapeIdentifier(c)).join(', ');

async function readCompanies(client: pg.Client, slug: string | null) {
  const { rows } = await client.query<{ row: CompanySection['company'] }>(
    `select to_jsonb(c) as row from companies c
     where $1::text is null or company_slug = $1 order by company_id`,
    [slug],
  );
  if (slug !== null && rows.length === 0) throw new Error(`There is no clinic "${slug}".`);
  return rows.map((r) => r.row);
}

export async function writeBackup(options: BackupOptions): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: options.ownerUrl });
  await client.connect();
  const sink = new FileSink(options.file);
  try {
    await client.query('begin isolation level repeatable read, read only');
    const migrations = await appliedMigrations(client);
    if (migrations.length === 0) throw new Error('The database holds no Materia schema.');
    const tables = await copiedTables(client);
    const companies = await readCompanies(client, options.company);
    const counters = await tenantCounters(client);
    const tenantTables = options.company
      ? tables.tenant.filter((t) => !INSTALLATION_ONLY_TABLES.includes(t.name))
      : tables.tenant;
    const globalTables = options.company ? [] : tables.global;
    const progress = progressLine(
      'Backing up',
      () => globalTables.length + companies.length * tenantTables.length,
    );
    const header = newHeader({
      materia_version: readVersion(),
      migrations,
      scope: options.company ? 'company' : 'all',
    });
    await sink.write(controlLine(MARK.header, header));
    for (const table of globalTables) {
      const select = `select ${columnList(client, table.columns)} from ${client.escapeIdentifier(table.name)}`;
      progress.add(
        1,
        await copyRows(client, sink, { table: table.name, columns: table.columns }, select),
      );
    }
    for (const company of companies) {
      const id = company.company_id;
      await setTenant(client, id);
      const section: CompanySection = { company, counters: counters.get(id) ?? {} };
      await sink.write(controlLine(MARK.company, section));
      for (const table of tenantTables) {
        progress.add(
          1,
          await copyRows(client, sink, tableSection(table), tenantSelect(client, table, id)),
        );
      }
    }
    const end: EndSection = {
      tables: progress.tables,
      rows: progress.rows,
      clinics: companies.length,
    };
    await sink.write(controlLine(MARK.end, end));
    const bytes = await sink.close();
    await client.query('commit');
    progress.done();
    return { ...end, bytes, schemaLevel: header.schema_level };
  } catch (error) {
    await sink.abort();
    throw error;
  } finally {
    await client.end();
  }
}

/** A clinic's table as written: company_id left out (the clinic's section names it). */
const tableSection = (table: CatalogueTable): TableSection => ({
  table: table.name,
  columns: table.columns.filter((c) => c !== 'company_id'),
});

const tenantSelect = (client: pg.Client, table: CatalogueTable, companyId: number) =>
  `select ${columnList(client, tableSection(table).columns)} from ${client.escapeIdentifier(table.name)} where company_id = ${Number(companyId)}`;
