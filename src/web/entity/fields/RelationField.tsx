/**
 * Relations of the selected row: a select relation as chips added by typing
 * (`{base}add_{relation}`) and removed by their buttons (`remove_`); a simple relation as the
 * list of related rows, each a link to its record.
 */
import { Anchor, Input, List, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { entityStore } from '../model/storeCache';
import { rowUri } from '../model/routes';
import type { Id, Labelled } from '../model/types';
import { TypeaheadMultiSelect } from '../pickers/TypeaheadMultiSelect';
import { useLabels } from '../pickers/useTypeahead';
import type { RelationItemProps } from './fieldProps';
import { useSource } from './source';

const EMPTY: Labelled[] = [];

function useRelation(name: string) {
  const { store } = useEntityScope();
  const ids = useEntityState((s) => s.relation_ids[name]);
  const related = useEntityState((s) => s.relations[name] ?? EMPTY);
  const rowId = useEntityState((s) => s.selected_ids[0]);
  const settled = useEntityState((s) => s.found === true && !s.row_loading);
  useEffect(() => {
    // Rows that do not load on select arrive without their relations: ask for them.
    if (rowId !== undefined && settled && ids === undefined) {
      void store.getState().loadRelations(name);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per row and relation
  }, [store, name, rowId, settled]);
  return { store, ids: ids ?? related.map((r) => r.id), related };
}

export function RelationField({ item }: RelationItemProps) {
  const source = useSource();
  if (!source.record) return null;
  return item.relation.type === 'simple_relation' ? (
    <SimpleRelation item={item} />
  ) : (
    <RelationChips item={item} />
  );
}

function RelationChips({ item }: RelationItemProps) {
  const { relation } = item;
  const source = useSource();
  const { store, ids, related } = useRelation(relation.name);
  const state = source.items[relation.name] ?? { disabled: false };
  const remember = (labelled: Labelled[]) =>
    entityStore(relation.entities)?.getState().rememberLabels(labelled);
  const change = (kind: 'add' | 'remove') => async (changed: Id[]) => {
    const actions = store.getState();
    const answer = await (kind === 'add' ? actions.addRelation : actions.removeRelation)(
      relation.name,
      changed,
    );
    remember(answer);
  };
  const addNamed = async (typed: string) =>
    remember(await store.getState().addRelationNamed(relation.name, typed));
  return (
    <TypeaheadMultiSelect
      entities={relation.entities}
      where={relation.pickWhere}
      value={ids}
      known={related}
      onAdd={(added) => void change('add')(added)}
      onRemove={(removed) => void change('remove')(removed)}
      onAddName={relation.addByName ? (typed) => void addNamed(typed) : undefined}
      label={item.label}
      description={state.hint}
      disabled={state.disabled}
      placeholder={state.disabled ? undefined : 'Type to add'}
      data-relation={relation.name}
    />
  );
}

function SimpleRelation({ item }: RelationItemProps) {
  const { relation } = item;
  const { ids, related } = useRelation(relation.name);
  const rows = useLabels(relation.entities, ids, related);
  return (
    <Input.Wrapper label={item.label} labelElement="div" data-relation={relation.name}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <List size="sm" spacing={2} aria-label={item.label}>
          {rows.map((row) => (
            <List.Item key={row.id}>
              <Anchor component={Link} to={rowUri(relation.entities, row.id)}>
                {row.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Input.Wrapper>
  );
}
