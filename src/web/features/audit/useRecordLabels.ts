/**
 * The records an audit table names, by their labels ("Smith, Jane") rather than their ids: read
 * through each entity set's label cache (`typeahead_labels`, one call per set for the ids it
 * lacks). A record that is gone, that the reader may not list, or that is no entity set's
 * (a company, a module) keeps its id.
 */
import { useEffect, useReducer } from 'react';
import type { AuditLine } from '../../../shared/audit-trail';
import { entityStore } from '../../entity/model/storeCache';

function idsBySet(lines: readonly AuditLine[]): Map<string, number[]> {
  const sets = new Map<string, number[]>();
  for (const line of lines) {
    const id = Number(line.entity_id);
    if (!line.entity_id || !Number.isInteger(id)) continue;
    sets.set(line.entity, [...(sets.get(line.entity) ?? []), id]);
  }
  return sets;
}

/** A record's words: "Patients: Smith, Jane" when its label is known, else "Patients #201". */
export function useRecordLabels(lines: readonly AuditLine[]): (line: AuditLine) => string {
  const [, labelsArrived] = useReducer((n: number) => n + 1, 0);
  const wanted = idsBySet(lines);
  const key = JSON.stringify([...wanted]);
  useEffect(() => {
    const stores = [...wanted].flatMap(([entities, ids]) => {
      const store = entityStore(entities);
      if (!store) return [];
      void store.getState().typeaheadLabels(ids);
      return [store.subscribe(labelsArrived)];
    });
    return () => stores.forEach((unsubscribe) => unsubscribe());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key's text stands for `wanted`
  }, [key]);
  return (line) => {
    if (!line.entity_id) return line.entity_label;
    const label = entityStore(line.entity)?.getState().typeahead_labels_lookup[
      Number(line.entity_id)
    ];
    return label ? `${line.entity_label}: ${label}` : `${line.entity_label} #${line.entity_id}`;
  };
}
