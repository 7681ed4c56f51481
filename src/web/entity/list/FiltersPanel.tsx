/**
 * The filters panel: the definition's filters and relation filters, a badge
 * with how many rows are found, and a clear-all button. Changing any filter reloads the list.
 */
import { Badge, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { countText } from '../../../shared/show-value';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { activeFilterNames, SEARCH } from '../model/filtering';
import { TypeaheadMultiSelect } from '../pickers/TypeaheadMultiSelect';
import { FilterInput } from './FilterInput';
import classes from './List.module.css';

export function FiltersPanel() {
  const { definition, store } = useEntityScope();
  const open = useEntityState((s) => s.filters_open);
  const setOpen = (next: boolean) => store.getState().setFiltersOpen(next);
  const { filters, relationFilters, count, more } = useEntityState(
    useShallow((s) => ({
      filters: s.filters,
      relationFilters: s.relation_filters,
      count: s.count,
      more: s.count_more,
    })),
  );
  const found = count === null ? null : `${countText(count)}${more ? '+' : ''} found`;
  const active = activeFilterNames(filters, relationFilters);
  const panelFilters = active.filter((name) => name !== SEARCH).length;
  // The inputs are drawn once the panel is first opened or a filter is set (from the address),
  // then kept: hidden, a dozen pickers were a large part of a list screen's first render.
  const [drawn, setDrawn] = useState(open);
  if ((open || panelFilters > 0) && !drawn) setDrawn(true);
  const relations = definition.relations.filter((r) => r.type === 'select_relation');
  const offered = definition.list.filters.length + relations.length;
  return (
    <div>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Button
          variant={panelFilters > 0 ? 'light' : 'subtle'}
          size="compact-sm"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-label="Filters"
          rightSection={
            panelFilters > 0 ? (
              <Badge size="xs" circle>
                {panelFilters}
              </Badge>
            ) : null
          }
          disabled={offered === 0 && active.length === 0}
        >
          Filters
        </Button>
        <Group gap={6} wrap="nowrap">
          {found !== null && (
            <Badge variant="light" color="secondary" aria-label={found}>
              {found}
            </Badge>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            color="negative"
            disabled={active.length === 0}
            onClick={() => void store.getState().clearFilters()}
          >
            Clear all
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open}>
        {drawn && (
          <Stack gap="xs" pt="xs" role="group" aria-label="Filters" className={classes.filters}>
            {offered === 0 && (
              <Text size="sm" c="dimmed">
                This list has no filters besides the search.
              </Text>
            )}
            {definition.list.filters.map((filter) => (
              <FilterInput
                key={filter.name}
                filter={filter}
                value={filters[filter.name]}
                onChange={(value) => void store.getState().setFilter(filter.name, value)}
              />
            ))}
            {relations.map((relation) => {
              const ids = relationFilters[relation.name] ?? [];
              const set = (next: number[]) =>
                void store.getState().setRelationFilter(relation.name, next);
              return (
                <TypeaheadMultiSelect
                  key={relation.name}
                  entities={relation.entities}
                  value={ids}
                  label={relation.label}
                  onAdd={(added) => set([...ids, ...added])}
                  onRemove={(removed) => set(ids.filter((id) => !removed.includes(id)))}
                  data-relation={relation.name}
                />
              );
            })}
          </Stack>
        )}
      </Collapse>
    </div>
  );
}
