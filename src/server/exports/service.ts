/**
 * An export of an entity set: the whole filtered and searched set the list shows (the list's own
 * conditions and order, ../entities/filtered-reads.ts), in the chosen columns, raw or as the
 * screen shows them, as CSV or XLSX. The reply is a download written batch by batch from a
 * cursor while the call's transaction is open; one audit entry records it.
 */
import type { z } from 'zod';
import type { EntityDefinition } from '../../shared/entities';
import { EXPORT_ROWS_HEADER, type ExportFormat } from '../../shared/exports';
import { readOf, wholeSet } from '../entities/filtered-reads';
import * as repo from '../entities/repository';
import type { CallContext, CallResult, DownloadSink } from '../http/calls';
import { companyUnits } from '../modules/company-units';
import { exportColumns } from './cells';
import { csvWriter } from './csv';
import { batchesOf } from './cursor';
import type { exportInput } from './input';
import type { TableWriter } from './table-writer';
import { xlsxWriter } from './xlsx';

interface Format {
  extension: string;
  contentType: string;
  writer(sink: DownloadSink, title: string): TableWriter;
}

const FORMATS: Readonly<Record<ExportFormat, Format>> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8', writer: csvWriter },
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    writer: xlsxWriter,
  },
};

export async function exportSet(
  ctx: CallContext,
  d: EntityDefinition,
  input: z.output<typeof exportInput>,
): Promise<CallResult> {
  const companyId = ctx.caller.company.company_id;
  // Everything that can be refused is checked before the reply starts: after that, a failure
  // can only cut the download short, not answer with a message.
  const read = await readOf(ctx, d);
  const set = wholeSet(read, input);
  const units = await companyUnits(ctx.trx, companyId);
  const context = { system: units.unitSystem, currency: units.currency, timeZone: read.zone };
  const columns = exportColumns(d, input.columns, input.formatted, context);
  const total = await repo.countRows(ctx.trx, d, companyId, set.where);
  const format = FORMATS[input.format];
  const day = new Date().toISOString().slice(0, 10);
  return {
    download: {
      filename: `${d.entities}-${day}.${format.extension}`,
      contentType: format.contentType,
      headers: { [EXPORT_ROWS_HEADER]: String(total) },
      async write(sink) {
        const writer = format.writer(sink, d.title);
        const hidden = columns.flatMap((c, i) => (c.hidden ? [i] : []));
        await writer.begin(
          columns.map((c) => c.header),
          hidden,
        );
        let rows = 0;
        const query = repo.listShapeQuery(ctx.trx, d, companyId, set);
        for await (const batch of batchesOf(ctx.trx, query)) {
          await writer.rows(batch.map((row) => columns.map((c) => c.cell(row))));
          rows += batch.length;
        }
        await writer.end();
        const { format: kind, formatted, filters, relation_filters, sort } = input;
        await ctx.audit({
          action: 'export',
          entity: d.entities,
          after: {
            format: kind,
            formatted,
            // The columns chosen; the row version rides along with the id.
            columns: columns.filter((c) => !c.hidden).map((c) => c.name),
            filters: filters ?? {},
            relation_filters: relation_filters ?? {},
            sort: sort ?? null,
            rows,
          },
        });
      },
    },
  };
}
