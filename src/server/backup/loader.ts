/**
 * Loads a table's rows from the backup. Rows are copied into a temporary table first (COPY FROM
 * is refused on tables whose row-level security binds the role, and needs no company_id there),
 * then inserted into the real table for their clinic. The table's triggers stay on: they number
 * per-clinic ids past the loaded ones and tell running servers.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CatalogueTable } from './catalogue';
import type { TableSection } from './format';
import type { BackupReader } from './reader';
import { BackupFileError } from './reader';

export class TableLoader {
  private readonly stages = new Map<string, string>();

  constructor(
    private readonly client: pg.ClientBase,
    private readonly tables: Map<string, CatalogueTable>,
  ) {}

  private ident = (name: string) => this.client.escapeIdentifier(name);

  private target(section: TableSection): CatalogueTable {
    const table = this.tables.get(section.table);
    const missing = table ? section.columns.filter((c) => !table.columns.includes(c)) : [];
    if (!table || missing.length) {
      throw new BackupFileError(
        `The backup's table ${section.table}${missing.length ? ` (columns ${missing.join(', ')})` : ''} ` +
          'does not exist at its schema level: the file does not match its header.',
      );
    }
    return table;
  }

  /** An empty temporary table with the section's columns, made once per section shape. */
  private async stage(section: TableSection): Promise<string> {
    const key = `${section.table}(${section.columns.join(',')})`;
    const known = this.stages.get(key);
    if (known) {
      await this.client.query(`truncate ${known}`);
      return known;
    }
    const stage = this.ident(`restore_stage_${this.stages.size}`);
    const columns = section.columns.map(this.ident).join(', ');
    await this.client.query(
      `create temp table ${stage} on commit drop as select ${columns} from ${this.ident(section.table)} with no data`,
    );
    this.stages.set(key, stage);
    return stage;
  }

  /**
   * Loads the rows that follow in `reader` into `section.table`: for clinic `companyId`, or, for
   * a global table (null), in place of what the table held.
   */
  async load(
    reader: BackupReader,
    section: TableSection,
    companyId: number | null,
  ): Promise<number> {
    const table = this.target(section);
    const stage = await this.stage(section);
    const columns = section.columns.map(this.ident).join(', ');
    const copy = this.client.query(copyFrom(`copy ${stage} (${columns}) from stdin`));
    await pipeline(Readable.from(reader.rows()), copy);
    const into = this.ident(table.name);
    if (companyId === null) {
      await this.client.query(`delete from ${into}`);
      await this.client.query(
        `insert into ${into} (${columns}) overriding system value select ${columns} from ${stage}`,
      );
    } else {
      await this.client.query(
        `insert into ${into} (company_id, ${columns}) overriding system value
         select $1::bigint, ${columns} from ${stage}`,
        [companyId],
      );
    }
    if (table.identity) await this.identityPastLoaded(table.name, table.identity);
    return copy.rowCount;
  }

  /** Moves an identity counter (numbered across clinics) past the ids just loaded. */
  async identityPastLoaded(tableName: string, column: string): Promise<void> {
    const table = this.ident(tableName);
    const sequence = `pg_get_serial_sequence(${this.client.escapeLiteral(`public.${table}`)}, ${this.client.escapeLiteral(column)})`;
    await this.client.query(
      `select setval(${sequence}, m) from (select max(${this.ident(column)}) as m from ${table}) x
       where m > coalesce(pg_sequence_last_value(${sequence}::regclass), 0)`,
    );
  }
}
