/**
 * The tree of a tree entity (categories): nodes open and close (click the arrow, or
 * ArrowRight/ArrowLeft), a click opens the node like a list row, and siblings re-order by drag.
 * Virtualised like the list, so a 5,000-node tree stays smooth.
 */
import { arrayMove } from '@dnd-kit/sortable';
import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { useListActions } from '../hooks/useListActions';
import { useTreeExpansion } from '../hooks/useTreeExpansion';
import { activeFilterNames } from '../model/filtering';
import { visibleNodes } from '../model/tree';
import type { Id } from '../model/types';
import classes from './List.module.css';
import { ListFooter } from './ListFooter';
import { MOVE_KEYS, VirtualRows } from './VirtualRows';

const NODE_HEIGHT = 38;

export function EntityTree() {
  const { definition } = useEntityScope();
  const actions = useListActions();
  const { roots, lookup, selected, selectMode, filtered } = useEntityState(
    useShallow((s) => ({
      roots: s.tree,
      lookup: s.node_lookup,
      selected: s.selected_ids,
      selectMode: s.select_mode,
      filtered: activeFilterNames(s.filters, s.relation_filters).length > 0,
    })),
  );
  const { expanded, toggle } = useTreeExpansion(roots, lookup, selected);
  const nodes = useMemo(
    () => (filtered ? Object.values(lookup) : visibleNodes(roots, expanded)),
    [filtered, lookup, roots, expanded],
  );
  const ids = useMemo(() => nodes.map((n) => n.id), [nodes]);
  const siblingsOf = (id: Id) =>
    (lookup[lookup[id]?.parent ?? -1]?.children ?? roots).map((node) => node.id);
  const onMove = (active: Id, over: Id) => {
    const [moving, target] = [lookup[active], lookup[over]];
    if (!moving || !target || moving.parent !== target.parent) return; // siblings only
    const siblings = siblingsOf(active);
    actions.reorder(arrayMove(siblings, siblings.indexOf(active), siblings.indexOf(over)));
  };
  const onStep = (id: Id, step: -1 | 1) => {
    const siblings = siblingsOf(id);
    const over = siblings[siblings.indexOf(id) + step];
    if (over !== undefined) onMove(id, over);
  };
  const renderRow = (index: number, handle: ReactNode, tabStop: boolean) => {
    const node = nodes[index];
    if (!node) return null;
    const parent = node.children.length > 0;
    const open = expanded.has(node.id);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== event.currentTarget) return; // keys on the drag handle are its own
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        actions.click(node.id, event);
      } else if (parent && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
        toggle(node.id, event.key === 'ArrowRight');
      }
    };
    return (
      <div
        role="treeitem"
        aria-label={node.label}
        aria-keyshortcuts={handle ? MOVE_KEYS : undefined}
        aria-level={node.depth + 1}
        aria-expanded={parent ? open : undefined}
        aria-selected={selected.includes(node.id)}
        tabIndex={tabStop ? 0 : -1}
        data-index={index}
        data-id={node.id}
        className={classes.row}
        style={{ paddingInlineStart: 8 + (filtered ? 0 : node.depth * 18) }}
        onClick={(event) => actions.click(node.id, event)}
        onKeyDown={onKeyDown}
      >
        <span
          aria-hidden
          className={parent ? classes.twisty : classes.leaf}
          data-open={open || undefined}
          onClick={(event) => {
            event.stopPropagation();
            if (parent) toggle(node.id);
          }}
        >
          {parent ? '›' : '•'}
        </span>
        {handle}
        <span className={classes.label}>{node.label}</span>
      </div>
    );
  };
  return (
    <VirtualRows
      ids={ids}
      rowHeight={NODE_HEIGHT}
      role="tree"
      label={`${definition.title} tree`}
      multiselectable
      orderable={definition.capabilities.ordering}
      sortable={definition.capabilities.ordering && !filtered && !selectMode}
      onMove={onMove}
      onStep={onStep}
      renderRow={renderRow}
      footer={<ListFooter />}
      activeIndex={selected[0] === undefined ? -1 : ids.indexOf(selected[0])}
    />
  );
}
