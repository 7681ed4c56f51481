/**
 * Every entity set, one definition each. The list is generated from the definition
 * files (`npm run generate:entities`, ./list.generated.ts); the server derives its calls and
 * checks from it and the web its lists and editors; `checkDefinitions` proves the references.
 */
import * as definitions from './list.generated';
import type { EntityDefinition, PickWhere } from './types';

export * from './types';
export * from './list.generated';
export { defaultLabel, withArticle } from './labels';

/** Every entity set, one definition each, in the order of their names. */
export const ENTITIES: readonly EntityDefinition[] = Object.values(definitions);

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
  // A picker's condition must be list filters of the set it picks from (its typeahead takes them).
  const checkPick = (where: string, target: string, pick: PickWhere | undefined) => {
    const filters = all.find((e) => e.entities === target)?.list.filters ?? [];
    for (const name of Object.keys(pick ?? {}))
      if (!filters.some((f) => f.name === name))
        problems.push(`${where} picks by "${name}", which is not a list filter of ${target}.`);
  };
  for (const entity of all) {
    for (const field of entity.fields) {
      if (field.references && !known.has(field.references)) {
        problems.push(`${entity.entities}.${field.name} references unknown "${field.references}".`);
      }
      if (field.references)
        checkPick(`${entity.entities}.${field.name}`, field.references, field.pickWhere);
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
      checkPick(
        `${entity.entities} relation ${relation.name}`,
        relation.entities,
        relation.pickWhere,
      );
    }
  }
  return problems;
}
