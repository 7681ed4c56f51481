/**
 * The filtered trail as CSV for a spreadsheet: UTF-8 with a BOM, one line per entry and its
 * changes in one cell. A cell a spreadsheet would run as a formula (=, +, -, @ first) gets a
 * leading apostrophe. Read in keyset batches, so memory holds one batch of rows at a time.
 */
import { AUDIT_EXPORT_LIMIT, type AuditFilters, type AuditLine } from '../../shared/audit-trail';
import { countText } from '../../shared/show-value';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import { auditPage } from './service';

const BATCH = 1000;
const HEADER = ['When (UTC)', 'User', 'Action', 'Record', 'Id', 'Address', 'Changes'];

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const lineOf = (l: AuditLine) =>
  [
    l.at.replace('T', ' ').replace(/\.\d+Z$/, ''),
    l.user_name,
    l.action_label,
    l.entity_label,
    l.entity_id ?? '',
    l.ip,
    l.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`).join('; '),
  ]
    .map(cell)
    .join(',');

const TOO_MANY_TEXT = `The trail holds more than ${countText(AUDIT_EXPORT_LIMIT)} entries for these filters: narrow them (dates, user, action) and export again.`;

export async function trailCsv(ctx: CallContext, filters: AuditFilters): Promise<string> {
  const parts = ['\uFEFF' + HEADER.join(',')];
  let beforeId: number | undefined;
  for (;;) {
    const page = await auditPage(ctx, { filters, beforeId }, BATCH);
    for (const line of page.lines) parts.push(lineOf(line));
    if (parts.length - 1 > AUDIT_EXPORT_LIMIT) throw badRequest(TOO_MANY_TEXT);
    if (page.next_before_id === null) break;
    beforeId = page.next_before_id;
  }
  return parts.join('\r\n') + '\r\n';
}
