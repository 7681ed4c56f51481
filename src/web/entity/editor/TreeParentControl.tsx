/**
 * Moving a node of a tree: the parent is chosen among the nodes that may take
 * it (not itself, not its descendants, only containers), confirmed, then `change_parent` runs and
 * the list reloads. Nodes that are not movable can not be moved.
 */
import { Select } from '@mantine/core';
import { unmovableText } from '../../../shared/entities/row-rules';
import { confirm } from '../../features/confirm/confirm';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { textOf } from '../model/format';
import { allowed } from '../model/permissions';
import { idOf } from '../model/rows';
import { parentChoices } from '../model/tree';
import { NO_RESULTS } from '../pickers/useTypeahead';

const TOP = '0';

export function TreeParentControl() {
  const { definition, store } = useEntityScope();
  const tree = definition.tree;
  const row = useEntityState((s) => s.selected_object);
  const lookup = useEntityState((s) => s.node_lookup);
  const roots = useEntityState((s) => s.tree);
  const viewer = useEntityState((s) => s.viewer);
  const id = idOf(definition, row);
  if (!tree || id === null || !row) return null;
  const choices = parentChoices(definition, lookup, roots, id);
  const parent = textOf(row[tree.parent] ?? tree.rootValue);
  const unmovable = unmovableText(definition, row);
  const labelOf = (value: string) =>
    value === TOP ? 'Top level' : (lookup[Number(value)]?.label ?? `#${value}`);
  const move = async (next: string | null) => {
    if (next === null || next === parent) return;
    const text = `Move "${labelOf(String(id))}" under "${labelOf(next)}"?`;
    if (await confirm(text)) await store.getState().changeParent(id, Number(next));
  };
  return (
    <Select
      label="Parent"
      description={unmovable ?? undefined}
      data={[
        { value: TOP, label: 'Top level' },
        ...choices.map((node) => ({ value: String(node.id), label: node.label })),
      ]}
      renderOption={({ option }) => (
        <span style={{ paddingInlineStart: (lookup[Number(option.value)]?.depth ?? -1) * 16 + 16 }}>
          {option.label}
        </span>
      )}
      value={parent}
      onChange={(next) => void move(next)}
      disabled={unmovable !== null || !allowed(definition, viewer, 'update')}
      searchable
      nothingFoundMessage={NO_RESULTS}
      allowDeselect={false}
      maw={420}
      data-field={tree.parent}
    />
  );
}
