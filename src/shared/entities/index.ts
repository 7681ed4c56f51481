/**
 * Every entity set, one definition each. The server derives its calls and checks from
 * this list and the web its lists and editors; `checkDefinitions` proves the cross-references.
 */
import { actions } from './actions';
import { categories } from './categories';
import { conditions } from './conditions';
import { countries } from './countries';
import { diseases } from './diseases';
import { dispensary_products } from './dispensary_products';
import { groups } from './groups';
import { herbs } from './herbs';
import { locations } from './locations';
import { modules } from './modules';
import { organs } from './organs';
import { partuseds } from './partuseds';
import { patientletters } from './patientletters';
import { patients } from './patients';
import { prescriptions } from './prescriptions';
import { products } from './products';
import { snippets } from './snippets';
import { specialisms } from './specialisms';
import { symptoms } from './symptoms';
import type { EntityDefinition } from './types';
import { users } from './users';

export * from './types';
export { defaultLabel } from './labels';

export const ENTITIES: readonly EntityDefinition[] = [
  actions,
  categories,
  conditions,
  countries,
  diseases,
  dispensary_products,
  groups,
  herbs,
  locations,
  modules,
  organs,
  partuseds,
  patientletters,
  patients,
  prescriptions,
  products,
  snippets,
  specialisms,
  symptoms,
  users,
];

const byPath = new Map(ENTITIES.map((e) => [e.entities, e]));

export function entityByPath(entities: string): EntityDefinition | undefined {
  return byPath.get(entities);
}

export function fieldOf(definition: EntityDefinition, name: string) {
  return definition.fields.find((f) => f.name === name);
}

/** Problems with references between definitions; empty when all resolve. */
export function checkDefinitions(all: readonly EntityDefinition[] = ENTITIES): string[] {
  const known = new Set(all.map((e) => e.entities));
  const problems: string[] = [];
  for (const entity of all) {
    for (const field of entity.fields) {
      if (field.references && !known.has(field.references)) {
        problems.push(`${entity.entities}.${field.name} references unknown "${field.references}".`);
      }
      const unit = field.unit;
      if (
        unit &&
        typeof unit === 'object' &&
        !entity.fields.some((f) => f.name === unit.kindField)
      ) {
        problems.push(
          `${entity.entities}.${field.name} takes its unit from unknown "${unit.kindField}".`,
        );
      }
    }
    for (const relation of entity.relations) {
      if (!known.has(relation.entities)) {
        problems.push(
          `${entity.entities} relation ${relation.name} targets unknown "${relation.entities}".`,
        );
      }
    }
  }
  return problems;
}

export {
  actions,
  categories,
  conditions,
  countries,
  diseases,
  dispensary_products,
  groups,
  herbs,
  locations,
  modules,
  organs,
  partuseds,
  patientletters,
  patients,
  prescriptions,
  products,
  snippets,
  specialisms,
  symptoms,
  users,
};
