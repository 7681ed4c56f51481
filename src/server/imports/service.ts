/**
 * An import into an entity set, in three steps over the same uploaded file:
 * - read: the headers, a sample and a mapping guessed from the headers;
 * - check (dry run): every row goes through the same insert or update the calls make, each in a
 *   savepoint, and the whole is rolled back: every row's errors, nothing written;
 * - import: the same, for real, all or nothing: the first failing row refuses the whole file.
 * Each added or updated row is audited by the entity service itself, as its insert or update.
 */
import { sql } from 'kysely';
import type { Capabilities, EntityDefinition } from '../../shared/entities';
import {
  guessMapping,
  importTargets,
  type ImportMapping,
  type ImportOutcome,
  type ImportRead,
  versionColumnOf,
} from '../../shared/imports';
import { grants, privilegeOf } from '../../shared/privileges';
import { capabilitiesOf } from '../entities/capabilities';
import type { EntityService } from '../entities/service';
import type { CallContext } from '../http/calls';
import { ApiError, badRequest, forbidden } from '../http/errors';
import { companyUnits } from '../modules/company-units';
import type { ImportInput } from './input';
import { refuseChangedSinceExport } from './row-version';
import { prepareRows, type PreparedRow } from './rows';
import { clinicTimeZone } from '../diary/time-zone';
import { readTable, type Table } from './table';

const SAMPLE_ROWS = 5;
const NOTHING_TEXT = 'Nothing was imported.';

function checkedMapping(d: EntityDefinition, table: Table, given?: ImportMapping): ImportMapping {
  const mapping = given ?? guessMapping(d, table.headers);
  const known = new Set(importTargets(d).map((t) => t.name));
  const used = new Set<string>();
  const versionColumn = versionColumnOf(table.headers);
  for (const [column, target] of Object.entries(mapping)) {
    if (Number(column) >= table.headers.length)
      throw badRequest(
        `The mapping names column ${Number(column) + 1}; the file has ${table.headers.length}.`,
        'mapping',
      );
    if (target === '') continue;
    if (Number(column) === versionColumn)
      throw badRequest(
        `"${table.headers[versionColumn]}" holds the versions of exported rows: it is checked, not imported.`,
        'mapping',
      );
    if (!known.has(target)) throw badRequest(`"${target}" can not be imported into.`, 'mapping');
    if (used.has(target)) throw badRequest(`Two columns are mapped to "${target}".`, 'mapping');
    used.add(target);
  }
  if (used.size === 0) throw badRequest('Map at least one column to a field.', 'mapping');
  return mapping;
}

/** One row added or updated through the entity service; 'updated' only when a value changed. */
async function writeRow(
  ctx: CallContext,
  service: EntityService,
  row: PreparedRow,
  capabilities: Capabilities,
): Promise<'added' | 'updated' | 'skipped'> {
  if (row.id === undefined) {
    await service.insert(ctx, inputOf(row), { capabilities });
    return 'added';
  }
  const stored = await service.require(ctx, row.id, true);
  await refuseChangedSinceExport(ctx, service.d, stored, row.version);
  let changed = false;
  for (const [name, value] of Object.entries(row.values)) {
    if ((stored[name] ?? null) === (value ?? null) || (stored[name] === '' && value === null))
      continue;
    // `update` without the relations and extras its answer adds: the import does not read them.
    const { field, parsed } = service.checkedValue(ctx, name, value);
    await service.applyUpdate(ctx, row.id, field, parsed);
    changed = true;
  }
  return changed ? 'updated' : 'skipped';
}

const inputOf = (row: PreparedRow) => ({ ...row.values, _relations: row.relations });

/** New rows written together: a few hundred per statement stay well within its parameters. */
const BATCH_ROWS = 500;

/**
 * Writes the file's rows in order: new rows gathered into batches of BATCH_ROWS written by
 * `insertMany`, rows with an id one at a time. A batch is tried inside a savepoint; when any of
 * its rows is refused, it is undone and its rows are written one by one, as before batching, so
 * the failing row is named (and, in a dry run, every failing row). Answers false once a write
 * failed outside a dry run: the transaction is then spoilt and the import stops.
 */
class RowWriter {
  private batch: PreparedRow[] = [];

  constructor(
    private readonly ctx: CallContext,
    private readonly service: EntityService,
    private readonly capabilities: Capabilities,
    private readonly outcome: ImportOutcome,
    private readonly dryRun: boolean,
  ) {}

  async write(row: PreparedRow): Promise<boolean> {
    if (row.id !== undefined) return (await this.flush()) && this.writeAlone(row);
    this.batch.push(row);
    return this.batch.length < BATCH_ROWS || this.flush();
  }

  async flush(): Promise<boolean> {
    const rows = this.batch;
    this.batch = [];
    if (rows.length === 0) return true;
    const { trx } = this.ctx;
    await sql`savepoint import_batch`.execute(trx);
    try {
      await this.service.insertMany(this.ctx, rows.map(inputOf), this.capabilities);
      await sql`release savepoint import_batch`.execute(trx);
      this.outcome.added += rows.length;
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await sql`rollback to savepoint import_batch`.execute(trx);
    }
    for (const row of rows) if (!(await this.writeAlone(row)) && !this.dryRun) return false;
    return true;
  }

  private async writeAlone(row: PreparedRow): Promise<boolean> {
    const { trx } = this.ctx;
    try {
      if (this.dryRun) await sql`savepoint import_row`.execute(trx);
      this.outcome[await writeRow(this.ctx, this.service, row, this.capabilities)]++;
      if (this.dryRun) await sql`release savepoint import_row`.execute(trx);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (this.dryRun) await sql`rollback to savepoint import_row`.execute(trx);
      this.outcome.errors.push({ row: row.line, messages: [error.message] });
      // Without a savepoint the transaction is spoilt by a failed statement: stop here.
      return false;
    }
  }
}

/** Messages as sentences: zod's own end without a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const rowText = (line: number, messages: readonly string[]) =>
  `Row ${line}: ${messages.map(sentence).join(' ')}`;

export async function importFile(
  ctx: CallContext,
  d: EntityDefinition,
  service: EntityService,
  input: ImportInput,
): Promise<ImportRead | ImportOutcome> {
  const capabilities = await capabilitiesOf(ctx, d);
  if (!capabilities.insert) throw forbidden(`${d.title} can not be added here.`);
  const table = await readTable(Buffer.from(input.file, 'base64'));
  if (input.step === 'read') {
    return {
      headers: table.headers,
      rows: table.rows.length,
      sample: table.rows.slice(0, SAMPLE_ROWS).map((r) => r.cells),
      mapping: guessMapping(d, table.headers),
      targets: importTargets(d),
    };
  }
  const mapping = checkedMapping(d, table, input.mapping);
  const companyId = ctx.caller.company.company_id;
  const { unitSystem } = await companyUnits(ctx.trx, companyId);
  const zone = await clinicTimeZone(ctx);
  const rows = await prepareRows(ctx.trx, companyId, d, table, mapping, unitSystem, zone);
  if (
    rows.some((r) => r.id !== undefined) &&
    !ctx.user.is_admin &&
    !grants(ctx.user.privileges, privilegeOf(d.module, 'update'))
  )
    throw forbidden(`Rows with an id update ${d.title.toLowerCase()}, which you may not change.`);
  const skip = new Set(input.skip_rows ?? []);
  const dryRun = input.step === 'check';
  const outcome: ImportOutcome = {
    rows: rows.length,
    added: 0,
    updated: 0,
    skipped: 0,
    errors: [],
  };
  const writer = new RowWriter(ctx, service, capabilities, outcome, dryRun);
  if (dryRun) await sql`savepoint import_check`.execute(ctx.trx);
  for (const row of rows) {
    if (skip.has(row.line)) {
      outcome.skipped++;
      continue;
    }
    // The import stops at the first failing row: the rows before it are written first.
    if (!dryRun && row.errors.length > 0 && !(await writer.flush())) break;
    if (row.errors.length > 0) {
      outcome.errors.push({ row: row.line, messages: row.errors });
      continue;
    }
    if (outcome.errors.length > 0 && !dryRun) continue;
    if (!(await writer.write(row)) && !dryRun) break;
  }
  await writer.flush();
  outcome.errors.sort((a, b) => a.row - b.row);
  if (dryRun) {
    await sql`rollback to savepoint import_check`.execute(ctx.trx);
    return outcome;
  }
  const first = outcome.errors[0];
  if (first) {
    const more = outcome.errors.length > 1 ? ` (and ${outcome.errors.length - 1} more rows)` : '';
    throw new ApiError(400, `${rowText(first.row, first.messages)}${more} ${NOTHING_TEXT}`, {
      data: { ...outcome, added: 0, updated: 0 },
    });
  }
  return outcome;
}
