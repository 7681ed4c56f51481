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
import { typeaheadLabels, typeaheadSteps } from '../entities/filtered-reads';
import { clinicTimeZone } from '../diary/time-zone';
import type { NamedRow } from '../entities/search-pages';

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
type Steps = NonNullable<ReturnType<typeof typeaheadSteps>>;

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

/**
 * The kinds whose search the terms serve, read together: one statement for a one-word search,
 * two for several words (each kind's walk and range sizes, then the terms of those that need
 * them), instead of one or two per kind. A statement is a round trip between the server and
 * PostgreSQL, and on a busy machine each trip may wait for a core.
 */
async function readTogether(
  ctx: CallContext,
  kinds: ReadonlyArray<{ kind: number; steps: Steps }>,
): Promise<Map<number, Rows>> {
  const found = new Map<number, Rows>();
  const oneStep = kinds.flatMap(({ kind, steps }) =>
    'rows' in steps ? [{ kind, rows: steps.rows }] : [],
  );
  await readRows(ctx, oneStep, found);
  const twoSteps = kinds.flatMap(({ kind, steps }) => ('first' in steps ? [{ kind, steps }] : []));
  if (twoSteps.length === 0) return found;
  const firsts = twoSteps.map(
    ({ kind, steps }) => sql`(select ${sql.lit(kind)} as kind, f.page, f.sizes
      from (${steps.first}) f)`,
  );
  const answers = await sql<{ kind: number; page: NamedRow[] | null; sizes: number[] | null }>`
    ${sql.join(firsts, sql` union all `)}`.execute(ctx.trx);
  const second: Array<{ kind: number; rows: RawBuilder<unknown> }> = [];
  for (const answer of answers.rows) {
    const kind = Number(answer.kind);
    const page = twoSteps.find((k) => k.kind === kind)!.steps.then(answer);
    // The first statement's rows are the page already (at most EVERYWHERE_ROWS, in order).
    if (Array.isArray(page))
      found.set(
        kind,
        page.map((r) => ({ id: r.id, label: r.name })),
      );
    else second.push({ kind, rows: page });
  }
  await readRows(ctx, second, found);
  return found;
}

export async function searchEverywhere(ctx: CallContext, text: string): Promise<EverywhereGroup[]> {
  if (!searchesRecords(text)) return [];
  const companyId = ctx.caller.company.company_id;
  const query = { filters: { search: text } };
  const zone = await clinicTimeZone(ctx);
  const listed: EntityDefinition[] = [];
  for (const d of KIND_DEFINITIONS) if (await mayList(ctx, d)) listed.push(d);
  const served = listed.flatMap((d, kind) => {
    const steps = typeaheadSteps({ d, companyId, zone }, query, EVERYWHERE_ROWS);
    return steps ? [{ kind, steps }] : [];
  });
  const found = await readTogether(ctx, served);
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
