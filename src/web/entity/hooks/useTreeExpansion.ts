/**
 * Which tree nodes are open, kept in the entity store so that it outlives the screen being drawn
 * again. Top-level nodes start open, and the way to a selected node opens with it.
 */
import { useEffect, useMemo } from 'react';
import { pathTo } from '../model/tree';
import type { Id, TreeNode } from '../model/types';
import { useEntityScope, useEntityState } from './entityContext';

export function useTreeExpansion(
  roots: readonly TreeNode[],
  lookup: Record<Id, TreeNode>,
  selected: readonly Id[],
) {
  const { store } = useEntityScope();
  const stored = useEntityState((s) => s.expanded_ids);
  const expanded = useMemo(() => new Set(stored ?? []), [stored]);
  useEffect(() => {
    if (roots.length === 0) return;
    const current = store.getState().expanded_ids;
    const open = new Set(current ?? roots.map((root) => root.id));
    for (const id of selected) for (const step of pathTo(lookup, id).slice(0, -1)) open.add(step);
    if (current === null || open.size !== current.length) store.getState().setExpanded([...open]);
  }, [store, roots, lookup, selected]);
  const toggle = (id: Id, open?: boolean) => {
    const next = new Set(store.getState().expanded_ids ?? []);
    if (open ?? !next.has(id)) next.add(id);
    else next.delete(id);
    store.getState().setExpanded([...next]);
  };
  return { expanded, toggle };
}
