/**
 * Restores a backup in one transaction, so that a failure (a damaged file, a refusal) leaves the
 * target as it was: migrate it to the backup's schema level, load the global tables and every
 * clinic, bring the id counters past the loaded ids, then apply the migrations newer than the
 * backup. A clinic export (or `--company`) is imported beside the clinics already there: a new
 * company id, every row keeping its per-clinic id.
 */
import pg from 'pg';
import { applyMigration, MIGRATION_LOCK_KEY, SCHEMA_MIGRATIONS_SQL } from '../db/migrate';
import { catalogueTables } from './catalogue';
import {
  headerProblem,
  INSTALLATION_ONLY_TABLES,
  MARK,
  type BackupHeader,
  type CompanySection,
  type EndSection,
  type TableSection,
} from './format';
import { TableLoader } from './loader';
import { progressLine, type Progress } from './progress';
import { BackupFileError, BackupReader } from './reader';
import { appliedMigrations, knownPrefix, migrationsBetween } from './schema-level';
import {
  clearInstallation,
  deleteClinic,
  existingClinics,
  refuseUnlessEmpty,
  RestoreRefused,
} from './target';
import { restoreCounters, setTenant } from './tenant-sql';

interface RestoreOptions {
  ownerUrl: string;
  appRole: string;
  /** The backup, opened (its header already read and checked by `readHeader`). */
  reader: BackupReader;
  header: BackupHeader;
  replace: boolean;
  /** Import only this clinic (from a whole-installation backup too). */
  company: string | null;
}

interface RestoreSummary {
  clinics: string[];
  tables: number;
  rows: number;
}

/** Opens a backup and checks its header before anything is written anywhere. */
export async function readHeader(
  file: string,
): Promise<{ reader: BackupReader; header: BackupHeader }> {
  const reader = await BackupReader.open(file);
  const first = await reader.line();
  const header = (first?.mark === MARK.header ? first.body : undefined) as BackupHeader | undefined;
  const problem = headerProblem(header);
  if (problem || !header) throw new BackupFileError(`${file} ${problem}.`);
  knownPrefix(header.migrations);
  return { reader, header };
}

class Restore {
  private readonly progress: Progress = progressLine('Restoring', () => null);
  private readonly restored: string[] = [];
  private companyId: number | null = null;
  private skipping = false;
  /** Whether any table was passed over (then the end's totals can not be compared). */
  private skippedAny = false;
  private counters: Record<string, number> = {};

  constructor(
    private readonly client: pg.Client,
    private readonly options: RestoreOptions,
    private readonly importing: boolean,
    private readonly loader: TableLoader,
  ) {}

  async run(): Promise<RestoreSummary> {
    for (;;) {
      const line = await this.options.reader.line();
      if (!line) throw new BackupFileError('The backup file has no end mark (cut short?).');
      if (line.mark === MARK.table) await this.table(line.body as TableSection);
      else if (line.mark === MARK.company) await this.startClinic(line.body as CompanySection);
      else if (line.mark === MARK.end) return this.end(line.body as EndSection);
      else throw new BackupFileError(`The backup file has an unexpected "${line.mark}" line.`);
    }
  }

  private async table(section: TableSection) {
    const { reader } = this.options;
    const global = this.companyId === null && !this.skipping;
    // An import takes a clinic's records, not the installation's sessions or global tables.
    const installationOnly = global || INSTALLATION_ONLY_TABLES.includes(section.table);
    if (this.skipping || (this.importing && installationOnly)) {
      this.skippedAny = true;
      return reader.skipRows();
    }
    this.progress.add(1, await this.loader.load(reader, section, this.companyId));
  }

  private async startClinic(section: CompanySection) {
    await this.finishClinic();
    const slug = section.company.company_slug;
    this.skipping = this.options.company !== null && this.options.company !== slug;
    this.counters = section.counters;
    if (this.skipping) return;
    if (this.importing) {
      const same = (await existingClinics(this.client)).find((c) => c.company_slug === slug);
      if (same && !this.options.replace) {
        throw new RestoreRefused(
          `A clinic "${slug}" already exists here. Add --replace to replace it (that clinic only).`,
        );
      }
      if (same) await deleteClinic(this.client, same.company_id);
    }
    this.companyId = await this.insertCompany(section.company);
    await setTenant(this.client, this.companyId);
    this.restored.push(slug);
  }

  /** Inserts the clinic's row: with its own id in a whole restore, a new one on import. */
  private async insertCompany(row: CompanySection['company']): Promise<number> {
    const columns = (await catalogueTables(this.client))
      .get('companies')!
      .columns.filter((c) => !(this.importing && c === 'company_id'))
      .map((c) => this.client.escapeIdentifier(c))
      .join(', ');
    const { rows } = await this.client.query<{ company_id: number }>(
      `insert into companies (${columns}) overriding system value
       select ${columns} from jsonb_populate_record(null::companies, $1::jsonb)
       returning company_id`,
      [JSON.stringify(row)],
    );
    return rows[0]!.company_id;
  }

  private async finishClinic() {
    if (this.companyId === null || this.skipping) return;
    await restoreCounters(this.client, this.companyId, this.counters);
  }

  private async end(end: EndSection): Promise<RestoreSummary> {
    await this.finishClinic();
    if (await this.options.reader.line()) {
      throw new BackupFileError('The backup file goes on after its end mark.');
    }
    if (this.options.company !== null && this.restored.length === 0) {
      throw new RestoreRefused(`The backup holds no clinic "${this.options.company}".`);
    }
    const counted = this.progress.tables === end.tables && this.progress.rows === end.rows;
    if (!this.skippedAny && !counted) {
      throw new BackupFileError(
        `The backup file says ${end.tables} tables and ${end.rows} rows, but holds ${this.progress.tables} and ${this.progress.rows}.`,
      );
    }
    if (!this.importing) await this.loader.identityPastLoaded('companies', 'company_id');
    this.progress.done();
    return { clinics: this.restored, tables: this.progress.tables, rows: this.progress.rows };
  }
}

async function migrateTo(
  client: pg.Client,
  appRole: string,
  applied: string[],
  level: string | null,
) {
  await client.query(SCHEMA_MIGRATIONS_SQL);
  for (const migration of migrationsBetween(applied, level)) {
    await applyMigration(client, migration, appRole);
  }
}

/** Brings the target to the backup's level: from nothing for a whole restore. */
async function prepareTarget(client: pg.Client, options: RestoreOptions, importing: boolean) {
  const { header } = options;
  if (!importing) {
    await refuseUnlessEmpty(client, options.replace);
    await clearInstallation(client);
    return migrateTo(client, options.appRole, [], header.schema_level);
  }
  const applied = await appliedMigrations(client);
  if (applied.some((name, i) => header.migrations[i] !== name)) {
    throw new RestoreRefused(
      `This installation's schema (${applied.at(-1)}) is newer than the backup's (${header.schema_level}). ` +
        'Restore the backup whole into an empty data folder with this Materia, export the clinic ' +
        'from there, and import that export.',
    );
  }
  await migrateTo(client, options.appRole, applied, header.schema_level);
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const importing = options.header.scope === 'company' || options.company !== null;
  const client = new pg.Client({ connectionString: options.ownerUrl });
  await client.connect();
  try {
    await client.query('begin');
    // No server migrates (or restores) while this transaction builds the schema.
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await prepareTarget(client, options, importing);
    const loader = new TableLoader(client, await catalogueTables(client));
    const summary = await new Restore(client, options, importing, loader).run();
    await setTenant(client, null);
    await migrateTo(client, options.appRole, options.header.migrations, null);
    await client.query('commit');
    return summary;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
