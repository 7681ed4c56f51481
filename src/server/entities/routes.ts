/**
 * Calls of the generic entity engine: `{entities}/{call}` for every definition in
 * src/shared/entities, built once per entity set on first use. Paths of other features
 * (users/login, groups/get_group_privileges, …) are registered as exact calls and win; this
 * resolver answers undefined for anything it does not know.
 */
import { ENTITIES, entityByPath, type EntityDefinition } from '../../shared/entities';
import type { CallDefinition, CallFamily } from '../http/calls';
import { behaviourOf } from '../entity-behaviours';
import { buildEntityCalls } from './calls';

const built = new Map<string, Map<string, CallDefinition>>();

function callsOf(definition: EntityDefinition): Map<string, CallDefinition> {
  let calls = built.get(definition.entities);
  if (!calls) {
    calls = buildEntityCalls(definition, behaviourOf(definition.entities));
    built.set(definition.entities, calls);
  }
  return calls;
}

export const entityCalls: CallFamily = {
  resolve(path) {
    const slash = path.indexOf('/');
    if (slash <= 0) return undefined;
    const definition = entityByPath(path.slice(0, slash));
    return definition && callsOf(definition).get(path.slice(slash + 1));
  },
  paths: () => ENTITIES.flatMap((d) => [...callsOf(d).values()].map((call) => call.path)),
};
