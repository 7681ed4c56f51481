/**
 * The reference lists (actions, conditions, diseases, …) share one shape: a name, a description
 * and whatever few fields of their own they add. This builds their definitions from that shape.
 */
import { defineEntity, type EntitySpec } from './define';
import { input, textarea, type FieldSpec } from './fields';
import { defaultLabel } from './labels';

export interface ReferenceListSpec {
  entities: string;
  base: string;
  title: string;
  singular: string;
  module: EntitySpec['module'];
  /** Fields after the name, before the description. */
  fields?: readonly FieldSpec[];
  /** Extra search fields besides the name. */
  search?: readonly string[];
  filters?: readonly string[];
  capabilities?: EntitySpec['capabilities'];
}

/** Reference lists are picked from on other records, so every logged-in user may read them. */
export function referenceList(spec: ReferenceListSpec) {
  const name = `${spec.base}_name`;
  const description = `${spec.base}_description`;
  const own = spec.fields ?? [];
  return defineEntity({
    entities: spec.entities,
    base: spec.base,
    title: spec.title,
    singular: spec.singular,
    module: spec.module,
    fields: [input(name, { required: true, label: 'Name' }), ...own, textarea(description)],
    tabs: [
      {
        name: 'general',
        sections: [
          {
            title: defaultLabel(spec.singular),
            columns: 2,
            items: [name, ...own.map((f) => f.name), description],
          },
        ],
      },
    ],
    list: {
      columns: [name, ...own.map((f) => f.name)],
      search: [name, ...(spec.search ?? [])],
      filters: spec.filters ?? [],
    },
    capabilities: { preferences: false, ...spec.capabilities },
    openReads: true,
  });
}
