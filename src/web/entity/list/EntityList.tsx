/**
 * The list: a row per record with its name and other list columns (dates, units and
 * money as the company shows them); a click opens the row, Ctrl/Meta toggles it, Shift selects a
 * range; 'No Result' when empty, END after the last page, else "Load more". Entities ordered by
 * hand can be re-ordered by drag while no filter is set.
 */
import { Checkbox } from '@mantine/core';
import { arrayMove } from '@dnd-kit/sortable';
import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { ROW_LEFT_SECTIONS } from '../extras/extraViews';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { useListActions } from '../hooks/useListActions';
import { activeAllMatching } from '../model/bulkEdit';
import { activeFilterNames } from '../model/filtering';
import { rowDetails } from '../model/format';
import { idOf, labelOf } from '../model/rows';
import type { Id } from '../model/types';
import classes from './List.module.css';
import { ListFooter } from './ListFooter';
import { MOVE_KEYS, VirtualRows } from './VirtualRows';

const ROW_HEIGHT = 52;

export function EntityList() {
  const { definition } = useEntityScope();
  const actions = useListActions();
  const { unitSystem, currency, timeZone } = useCompanySettings();
  const { list, selected, allMatching, selectMode, filtered } = useEntityState(
    useShallow((s) => ({
      list: s.list,
      selected: s.selected_ids,
      // "All N matching" covers rows "Load more" brings later too: they are drawn checked.
      allMatching: activeAllMatching(s) !== null,
      selectMode: s.select_mode,
      filtered: activeFilterNames(s.filters, s.relation_filters).length > 0,
    })),
  );
  const ids = useMemo(
    () => list.map((row) => idOf(definition, row)).filter((id): id is Id => id !== null),
    [definition, list],
  );
  const sortable = definition.capabilities.ordering && !filtered && !selectMode;
  const context = { system: unitSystem, currency, timeZone };
  const LeftSection = ROW_LEFT_SECTIONS[definition.entities];
  const renderRow = (index: number, handle: ReactNode, tabStop: boolean) => {
    const row = list[index] ?? {};
    const id = ids[index] as Id;
    const isSelected = allMatching || selected.includes(id);
    const details = rowDetails(definition, row, context);
    const label = labelOf(definition, row);
    return (
      <div
        role="option"
        // Named by its text, not by the drag handle inside it.
        aria-label={details ? `${label} ${details}` : label}
        aria-keyshortcuts={handle ? MOVE_KEYS : undefined}
        aria-selected={isSelected}
        aria-setsize={ids.length}
        aria-posinset={index + 1}
        tabIndex={tabStop ? 0 : -1}
        data-index={index}
        data-id={id}
        className={classes.row}
        onClick={(event) => actions.click(id, event)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.target !== event.currentTarget) return; // keys on the drag handle are its own
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            actions.click(id, event);
          }
        }}
      >
        {selectMode && (
          // Only a picture of the state: the option's aria-selected says it (a real checkbox
          // inside an option is a control nested in a control).
          <Checkbox.Indicator checked={isSelected} size="sm" aria-hidden />
        )}
        {handle}
        {LeftSection && <LeftSection row={row} />}
        <div className={classes.text}>
          <div className={classes.label}>{label}</div>
          {details && <div className={classes.details}>{details}</div>}
        </div>
      </div>
    );
  };
  return (
    <VirtualRows
      ids={ids}
      rowHeight={ROW_HEIGHT}
      role="listbox"
      label={`${definition.title} list`}
      multiselectable
      orderable={definition.capabilities.ordering}
      sortable={sortable}
      onMove={(active, over) =>
        actions.reorder(arrayMove(ids, ids.indexOf(active), ids.indexOf(over)))
      }
      onStep={(id, step) => {
        const over = ids[ids.indexOf(id) + step];
        if (over !== undefined) actions.reorder(arrayMove(ids, ids.indexOf(id), ids.indexOf(over)));
      }}
      renderRow={renderRow}
      footer={<ListFooter />}
      activeIndex={selected[0] === undefined ? -1 : ids.indexOf(selected[0])}
    />
  );
}
