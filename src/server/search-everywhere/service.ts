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
import type { CallContext } from '../http/calls';
import { typeaheadLabels } from '../entities/filtered-reads';

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
  return services.moduleSwitches.isEnabled(trx, caller.company.company_id, d.module);
}

export async function searchEverywhere(ctx: CallContext, text: string): Promise<EverywhereGroup[]> {
  if (!searchesRecords(text)) return [];
  const companyId = ctx.caller.company.company_id;
  const groups: EverywhereGroup[] = [];
  // One after the other: one transaction is one connection, whose statements run in turn.
  for (const d of KIND_DEFINITIONS) {
    if (!(await mayList(ctx, d))) continue;
    const rows = await typeaheadLabels(
      { trx: ctx.trx, d, companyId },
      { filters: { search: text } },
      { offset: 0, limit: EVERYWHERE_ROWS },
    );
    groups.push({
      entities: d.entities,
      rows: rows.map((r) => ({ id: Number(r.id), label: r.label })),
    });
  }
  return groups;
}
