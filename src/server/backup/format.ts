/**
 * The backup file: gzip of a text stream that Materia writes and reads itself (the embedded
 * cluster ships no pg_dump, and a host's pg_dump refuses a newer server). Lines of control, each
 * a letter, a space and JSON, frame the rows PostgreSQL's COPY text format wrote:
 *
 *   M {header}                 first line: format, Materia version, schema level
 *   T {table, columns}         a table's rows follow, one per line, up to the line `\.`
 *   C {company, counters}      a clinic starts: its tables (T …) follow, without company_id
 *   E {tables, rows, clinics}  the end: a file without it was cut short
 *
 * Global tables (no company_id) come first, then each clinic in turn. COPY escapes every
 * backslash in data, so a line `\.` only ever ends a table.
 */
const FORMAT_NAME = 'materia-backup';
const FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof FORMAT_NAME;
  format_version: number;
  materia_version: string;
  /** The last migration applied: the schema the rows fit. */
  schema_level: string;
  /** Every migration applied, in order (a restore checks they are the ones it knows). */
  migrations: string[];
  created_at: string;
  /** `all`: the whole installation; `company`: one clinic (`--company`), no global tables. */
  scope: 'all' | 'company';
}

export function newHeader(
  fields: Pick<BackupHeader, 'materia_version' | 'migrations' | 'scope'>,
): BackupHeader {
  return {
    format: FORMAT_NAME,
    format_version: FORMAT_VERSION,
    schema_level: fields.migrations.at(-1)!,
    created_at: new Date().toISOString(),
    ...fields,
  };
}

/** Why a first line is not a header this Materia reads, or null when it is. */
export function headerProblem(header: Partial<BackupHeader> | undefined): string | null {
  if (header?.format !== FORMAT_NAME) return 'is not a Materia backup';
  if (header.format_version !== FORMAT_VERSION) {
    return `is a backup of format ${header.format_version}; this Materia reads format ${FORMAT_VERSION}`;
  }
  return null;
}

export interface TableSection {
  table: string;
  columns: string[];
}

export interface CompanySection {
  /** The `companies` row, column by column. */
  company: Record<string, unknown> & { company_id: number; company_slug: string };
  /** Per-company id counters (`tenant_seq`), by table: ids a restore must not hand out again. */
  counters: Record<string, number>;
}

export interface EndSection {
  tables: number;
  rows: number;
  clinics: number;
}

export const MARK = { header: 'M', table: 'T', company: 'C', end: 'E' } as const;

/** The line that ends a table's rows in COPY text format. */
export const END_OF_ROWS = '\\.\n';

export const controlLine = (mark: string, body: unknown) => `${mark} ${JSON.stringify(body)}\n`;

/**
 * Tables a clinic export leaves out, and why: sessions, reset links and failed-login counts
 * belong to the installation a user logged in to; in another one they must log in afresh.
 */
export const INSTALLATION_ONLY_TABLES: readonly string[] = [
  'user_logins',
  'password_resets',
  'auth_attempts',
];
