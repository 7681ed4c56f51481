/**
 * Rows of a list or tree, virtualised with @tanstack/react-virtual so that 5,000 rows scroll
 * smoothly, and sortable when the entity is ordered by hand: dragged by a handle (dnd-kit,
 * pointer or touch) or moved with Alt+ArrowUp / Alt+ArrowDown. The rows are one tab stop (a
 * roving tabindex): Up/Down/Home/End/PageUp/PageDown move the focus, scrolling it into view.
 */
import {
  closestCenter,
  DndContext,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useEntityScope } from '../hooks/entityContext';
import type { Id } from '../model/types';
import classes from './List.module.css';

interface Props {
  ids: readonly Id[];
  rowHeight: number;
  role: 'listbox' | 'tree';
  label: string;
  multiselectable?: boolean;
  /**
   * The entity is ordered by hand, so its rows may be sortable: only then is drag and drop
   * mounted. Stable for a screen, so that `sortable` turning on and off (filters, select mode)
   * keeps the rows mounted, and a focused row its focus.
   */
  orderable: boolean;
  /** Rows can be moved now. */
  sortable: boolean;
  onMove: (activeId: Id, overId: Id) => void;
  /** Alt+ArrowUp / Alt+ArrowDown on a row: one place up (-1) or down (1). */
  onStep: (id: Id, step: -1 | 1) => void;
  /**
   * The row at `index`; `handle` is its drag handle when sortable; `tabStop` marks the one row
   * Tab reaches (tabIndex 0, the others -1).
   */
  renderRow: (index: number, handle: ReactNode, tabStop: boolean) => ReactNode;
  footer: ReactNode;
  /** A row to keep in view (the selected one, also when it was opened by its address). */
  activeIndex?: number;
}

/** What a sortable row announces as its keys (aria-keyshortcuts). */
export const MOVE_KEYS = 'Alt+ArrowUp Alt+ArrowDown';

/** The row a key moves the focus to from `index`, or null when the key does not move it. */
function targetRow(key: string, index: number, count: number, page: number): number | null {
  const steps: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    PageDown: index + page,
    PageUp: index - page,
    Home: 0,
    End: count - 1,
  };
  const next = steps[key];
  return next === undefined ? null : Math.min(Math.max(next, 0), count - 1);
}

export function VirtualRows(props: Props) {
  const { ids, rowHeight, orderable, sortable, onMove } = props;
  const { store } = useEntityScope();
  const scroller = useRef<HTMLDivElement>(null);
  // The row Tab reaches: the last one focused, else the active one, else the first.
  const [focused, setFocused] = useState(-1);
  const active = props.activeIndex ?? -1;
  const tabStop = Math.min(focused >= 0 ? focused : Math.max(active, 0), ids.length - 1);
  // The tab stop is always drawn, in view or not: Shift+Tab back into the list then returns to
  // the row left, even after the page scrolled the list elsewhere (e.g. to show its footer).
  const rangeExtractor = useCallback(
    (range: Range) => {
      const drawn = defaultRangeExtractor(range);
      if (tabStop < 0 || drawn.includes(tabStop)) return drawn;
      return [...drawn, tabStop].sort((a, b) => a - b);
    },
    [tabStop],
  );
  const virtualizer = useVirtualizer({
    rangeExtractor,
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // The screen is drawn again on route changes: come back to where the list was.
    initialOffset: () => store.getState().scroll_offset,
    onChange: (instance) => {
      if (instance.scrollOffset !== null) store.setState({ scroll_offset: instance.scrollOffset });
    },
  });
  useEffect(() => {
    if (active >= 0) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, virtualizer]);
  const items = virtualizer.getVirtualItems();
  /**
   * Focuses a row at once when it is drawn, so that keys pressed faster than a frame each move
   * on from the row the one before reached; a row scrolled to is drawn a few frames later.
   */
  const focusRow = (selector: string, framesLeft = 10) => {
    const row = scroller.current?.querySelector<HTMLElement>(selector);
    if (row) row.focus();
    else if (framesLeft > 0) requestAnimationFrame(() => focusRow(selector, framesLeft - 1));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!current || event.ctrlKey || event.metaKey) return;
    const index = Number(current.dataset.index);
    if (event.altKey) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      if (!sortable) return;
      const id = Number(current.dataset.id);
      props.onStep(id, event.key === 'ArrowDown' ? 1 : -1);
      focusRow(`[data-id="${id}"]`);
      return;
    }
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / rowHeight) - 1);
    const next = targetRow(event.key, index, ids.length, page);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    focusRow(`[data-index="${next}"]`);
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (row) setFocused(Number(row.dataset.index));
  };
  const rows = (
    <div
      role={props.role}
      aria-label={props.label}
      aria-multiselectable={props.multiselectable || undefined}
      className={classes.rows}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const id = ids[item.index] as Id;
        const row = (handle: ReactNode) =>
          props.renderRow(item.index, handle, item.index === tabStop);
        return orderable ? (
          <SortableRow key={id} id={id} start={item.start} height={rowHeight} sortable={sortable}>
            {row}
          </SortableRow>
        ) : (
          <div key={id} {...positioned(item.start, rowHeight)}>
            {row(null)}
          </div>
        );
      })}
    </div>
  );
  return (
    <div ref={scroller} className={classes.scroller} onKeyDown={onKeyDown} onFocus={onFocus}>
      {orderable ? (
        <SortableRows ids={ids} onMove={onMove}>
          {rows}
        </SortableRows>
      ) : (
        rows
      )}
      {props.footer}
    </div>
  );
}

/** A row's box in the list: placed by `top`, its own height. */
const positioned = (start: number, height: number) => ({
  role: 'presentation',
  className: classes.positioned,
  style: { top: start, height },
});

/**
 * Drag and drop around the rows of a list ordered by hand. Only such lists mount it: dnd-kit
 * registers every drawn row with its context, sortable or not, and each row mounted while
 * scrolling re-rendered the others (long tasks of 50–60 ms while the 5,000 patients scrolled,
 * on 2 busy cores).
 */
function SortableRows({
  ids,
  onMove,
  children,
}: {
  ids: readonly Id[];
  onMove: Props['onMove'];
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(Number(active.id), Number(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids as Id[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

interface RowProps {
  id: Id;
  start: number;
  height: number;
  sortable: boolean;
  children: (handle: ReactNode) => ReactNode;
}

function SortableRow({ id, start, height, sortable, children }: RowProps) {
  const { listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !sortable,
  });
  // For pointers only: keyboards move rows with Alt+Arrow, so the handle needs no focus of its
  // own (a focusable control inside an option would be nested interaction).
  const handle = sortable ? (
    <span
      aria-hidden
      className={classes.handle}
      data-handle
      {...listeners}
      onClick={(e) => e.stopPropagation()}
    >
      ⠿
    </span>
  ) : null;
  const box = positioned(start, height);
  return (
    <div
      ref={setNodeRef}
      {...box}
      data-dragging={isDragging || undefined}
      // `top`, not a transform, places the row: dnd-kit measures rows without their transforms.
      style={{
        ...box.style,
        transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined,
        transition,
      }}
    >
      {children(handle)}
    </div>
  );
}
