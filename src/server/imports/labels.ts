/**
 * References and relations matched by label, as the screens show them: one query per entity set
 * for all the labels a file names (case-blind), never another company's rows (the repository
 * scopes by company, and row-level security stands behind it).
 */
import { sql } from 'kysely';
import { entityByPath } from '../../shared/entities';
import type { Tx } from '../db/tenancy';
import * as repo from '../entities/repository';
import { col } from '../entities/where';

export const labelKey = (label: string) => label.trim().toLowerCase();

/** Label (case-blind) → the ids carrying it, per entity set. */
type LabelIds = Map<string, Map<string, number[]>>;

export async function findLabels(
  trx: Tx,
  companyId: number,
  wanted: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<LabelIds> {
  const found: LabelIds = new Map();
  for (const [entities, labels] of wanted) {
    const d = entityByPath(entities);
    const byLabel = new Map<string, number[]>();
    found.set(entities, byLabel);
    if (!d || labels.size === 0) continue;
    const rows = await repo.labelRows(trx, d, companyId, {
      where: [sql`lower(${col(d.keys.name)}) = any(${[...labels]})`],
    });
    for (const row of rows) {
      const key = labelKey(row.label);
      byLabel.set(key, [...(byLabel.get(key) ?? []), row.id]);
    }
  }
  return found;
}

/** The id a label names, or the reason it names none (or more than one). */
export function idOfLabel(
  found: LabelIds,
  entities: string,
  label: string,
  what: string,
): number | string {
  const ids = found.get(entities)?.get(labelKey(label)) ?? [];
  if (ids.length === 1) return ids[0]!;
  if (ids.length === 0) return `${what}: there is no "${label}".`;
  return `${what}: "${label}" names ${ids.length} rows; make the labels unique or use ids.`;
}
