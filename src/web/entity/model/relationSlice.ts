/**
 * Relations and labels: the selected row's related rows per relation, add
 * and remove through `{base}add_/remove_{relation}` (a failure answers an empty list), typeahead
 * searches, and the label cache — lookups skip cached ids, do nothing for none, and follow
 * `alias_of` to another entity set's cache.
 */
import type { SliceContext, StoreOptions } from './context';
import { idOf } from './rows';
import type { Id, Labelled } from './types';

export interface RelationActions {
  loadRelations: (name: string) => Promise<void>;
  addRelation: (name: string, ids: readonly Id[]) => Promise<Labelled[]>;
  removeRelation: (name: string, ids: readonly Id[]) => Promise<Labelled[]>;
  /** Links a name typed in the picker through the relation's `addByName` call. */
  addRelationNamed: (name: string, typed: string) => Promise<Labelled[]>;
  typeahead: (search: string, filters?: Record<string, unknown>) => Promise<Labelled[]>;
  typeaheadLabels: (ids: readonly Id[]) => Promise<void>;
  rememberLabels: (labelled: readonly Labelled[]) => void;
}

const isLabelled = (value: unknown): value is Labelled =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Labelled).id === 'number' &&
  typeof (value as Labelled).label === 'string';

const labelledList = (value: unknown): Labelled[] =>
  Array.isArray(value) ? value.filter(isLabelled) : [];

/** add_/remove_ answer the related rows, or `{entity, entities, relations}`. */
function relationsOf(data: unknown): Labelled[] {
  if (Array.isArray(data)) return labelledList(data);
  return labelledList((data as { relations?: unknown } | null)?.relations);
}

export function relationSlice(ctx: SliceContext, options: StoreOptions): RelationActions {
  const { definition, transport, set, get, path } = ctx;
  const pending = new Set<Id>();

  const rememberLabels = (labelled: readonly Labelled[]) => {
    if (labelled.length === 0) return;
    set((s) => ({
      typeahead_labels_lookup: {
        ...s.typeahead_labels_lookup,
        ...Object.fromEntries(labelled.map((l) => [l.id, l.label])),
      },
    }));
  };

  const keep = (name: string, related: Labelled[]) => {
    const ids = related.map((r) => r.id);
    set((s) => ({
      relations: { ...s.relations, [name]: related },
      relation_ids: { ...s.relation_ids, [name]: ids },
      selected_object: s.selected_object
        ? {
            ...s.selected_object,
            _relations: {
              ...(s.selected_object._relations as Record<string, Id[]> | undefined),
              [name]: ids,
            },
          }
        : null,
    }));
  };

  const change = (kind: 'add' | 'remove') => async (name: string, ids: readonly Id[]) => {
    const id = idOf(definition, get().selected_object);
    if (id === null || ids.length === 0) return [];
    const reply = await transport(
      path(`${kind}_${name}`),
      { id, relation_id: [...ids], return_effected: true },
      'toast',
    );
    if (!reply.ok) return [];
    const related = relationsOf(reply.data);
    if (idOf(definition, get().selected_object) === id) keep(name, related);
    return related;
  };

  const aliased = () => (get().alias_of ? options.storeOf?.(get().alias_of ?? '') : undefined);

  return {
    rememberLabels,
    async loadRelations(name) {
      const id = idOf(definition, get().selected_object);
      if (id === null) return; // nothing selected: nothing to load
      const reply = await transport(path(`get_${name}`), { id, relation_name: name }, 'log');
      if (reply.ok && idOf(definition, get().selected_object) === id) {
        keep(name, labelledList(reply.data));
      }
    },
    addRelation: change('add'),
    removeRelation: change('remove'),
    async addRelationNamed(name, typed) {
      const call = definition.relations.find((r) => r.name === name)?.addByName;
      const id = idOf(definition, get().selected_object);
      if (!call || id === null) return [];
      const reply = await transport(path(call), { id, name: typed }, 'toast');
      if (!reply.ok) return [];
      const related = relationsOf(reply.data);
      if (idOf(definition, get().selected_object) === id) keep(name, related);
      return related;
    },
    async typeahead(search, filters = {}) {
      const state = get();
      const reply = await transport(
        path('typeahead'),
        {
          page: 1,
          limit: state.typeahead_limit,
          filters: { ...filters, ...(search.trim() ? { search: search.trim() } : {}) },
        },
        'log',
      );
      const found = reply.ok ? labelledList(reply.data) : [];
      rememberLabels(found);
      return found;
    },
    async typeaheadLabels(ids) {
      const alias = aliased();
      if (alias) return alias.getState().typeaheadLabels(ids);
      const cached = get().typeahead_labels_lookup;
      const missing = [...new Set(ids)].filter((id) => !(id in cached) && !pending.has(id));
      if (missing.length === 0) return;
      for (const id of missing) pending.add(id);
      try {
        const reply = await transport(path('typeahead_labels'), { ids: missing }, 'log');
        if (reply.ok) rememberLabels(labelledList(reply.data));
      } finally {
        for (const id of missing) pending.delete(id);
      }
    },
  };
}
