/**
 * A category from the subtree under a root (a tree select, keys category_id and
 * category_label): an indented, searchable choice. Also offers the root itself as "none" when
 * asked, and can leave out nodes (a node's own subtree when moving it).
 */
import { Select } from '@mantine/core';
import type { Id } from '../model/types';
import { MISSING_NODE_TEXT } from '../model/tree';
import { NO_RESULTS } from './useTypeahead';
import { useCategoryTree } from './useCategoryTree';

interface Props {
  rootKey: string | undefined;
  value: Id | null;
  onChange: (id: Id | null) => void;
  label: string;
  description?: string;
  error?: string | null;
  disabled?: boolean;
  'data-field'?: string;
}

export function CategorySelect({ rootKey, value, onChange, ...props }: Props) {
  const { root, nodes, loading } = useCategoryTree(rootKey);
  const missing = rootKey !== undefined && !loading && root === null;
  const base = root ? root.depth + 1 : 0;
  const data = nodes.map((node) => ({ value: String(node.id), label: node.label }));
  const depth = new Map(nodes.map((node) => [String(node.id), Math.max(0, node.depth - base)]));
  return (
    <Select
      {...props}
      error={missing ? MISSING_NODE_TEXT : (props.error ?? undefined)}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      searchable
      clearable
      filter={({ options, search }) =>
        options.filter((o) =>
          'label' in o ? o.label.toLowerCase().includes(search.trim().toLowerCase()) : true,
        )
      }
      renderOption={({ option }) => (
        <span style={{ paddingInlineStart: (depth.get(option.value) ?? 0) * 16 }}>
          {option.label}
        </span>
      )}
      nothingFoundMessage={NO_RESULTS}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
