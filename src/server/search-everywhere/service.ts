/**
 * `search/everywhere`: the typeahead search of each entity set the palette looks in, a few rows
 * each, in the caller's one tenant transaction. A set whose module is off, or that the caller may
 * not list, is skipped: it is neither searched nor named in the answer. The search itself is the
 * entity engine's (../entities/filtered-reads.ts), so a match here is a match in the list.
 */
import { entityByPath, type EntityDefinition } from '../../shared/entities';
import { grants, privilegeOf } from '../../shared/privileges';
import {
  EVERYWHERE_KINDS,
  EVERYWHERE_ROWS,
  searchesRecords,
  type EverywhereGroup,
} from '../../shared/search-everywhere';
import { sql, type RawBuilder } from 'kysely';
import type { CallContext } from '../http/calls';
import { typeaheadLabels, typeaheadSource } from '../entities/filtered-reads';
import { clinicTimeZone } from '../diary/time-zone';

const KIND_DEFINITIONS: readonly EntityDefinition[] = EVERYWHERE_KINDS.map((entities) => {
  const definition = entityByPath(entities);
  if (!definition) throw new Error(`search/everywhere: unknown entity set ${entities}`);
  return definition;
});

async function mayList(ctx: CallContext, d: EntityDefinition): Promise<boolean> {
  const { user, caller, services, trx } = ctx;
  const allowed =
    user.is_admin || d.openReads || grants(user.privileges, privilegeOf(d.module, 'list'));
  if (!allowed) return false;
  // The module switches are cached per company: no query of its own once known.
  return services.moduleCache.isEnabled(trx, caller.company.company_id, d.module);
}

type Rows = EverywhereGroup['rows'];

/** `(kind, id, name)` of each kind's first rows, in each kind's order. */
const firstRowsOf = (kind: number, rows: RawBuilder<unknown>) =>
  sql`(select ${sql.lit(kind)} as kind, k.id, k.name,
    row_number() over (order by k.name, k.id) as position from (${rows}) k
    order by k.name, k.id limit ${EVERYWHERE_ROWS})`;

/** The rows of several kinds, each `(id, name)` statement a branch of one statement. */
async function readRows(
  ctx: CallContext,
  parts: ReadonlyArray<{ kind: number; rows: RawBuilder<unknown> }>,
  into: Map<number, Rows>,
): Promise<void> {
  if (parts.length === 0) return;
  const branches = parts.map((p) => firstRowsOf(p.kind, p.rows));
  const result = await sql<{ kind: number; id: string; name: string }>`
    select e.kind, e.id, e.name from (${sql.join(branches, sql` union all `)}) e
    order by e.kind, e.position`.execute(ctx.trx);
  for (const p of parts) into.set(p.kind, []);
  for (const row of result.rows)
    into.get(Number(row.kind))!.push({ id: Number(row.id), label: row.name });
}

export async function searchEverywhere(ctx: CallContext, text: string): Promise<EverywhereGroup[]> {
  if (!searchesRecords(text)) return [];
  const companyId = ctx.caller.company.company_id;
  const query = { filters: { search: text } };
  const zone = await clinicTimeZone(ctx);
  const listed: EntityDefinition[] = [];
  for (const d of KIND_DEFINITIONS) if (await mayList(ctx, d)) listed.push(d);
  const served = listed.flatMap((d, kind) => {
    const rows = typeaheadSource({ d, companyId, zone }, query, EVERYWHERE_ROWS);
    return rows ? [{ kind, rows }] : [];
  });
  // The sets the search function answers, in one statement: one round trip, not one a set.
  const found = new Map<number, Rows>();
  await readRows(ctx, served, found);
  // The others one after the other: one transaction is one connection, whose statements run
  // in turn.
  const groups: EverywhereGroup[] = [];
  for (const [kind, d] of listed.entries()) {
    const rows =
      found.get(kind) ??
      (
        await typeaheadLabels({ trx: ctx.trx, d, companyId, zone }, query, {
          offset: 0,
          limit: EVERYWHERE_ROWS,
        })
      ).map((r) => ({ id: Number(r.id), label: r.label }));
    groups.push({ entities: d.entities, rows });
  }
  return groups;
}
