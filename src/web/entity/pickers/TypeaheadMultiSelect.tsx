/**
 * Several rows of another entity set as chips, added by typing (select relation items and
 * relation filters). Each chip has a named remove button.
 */
import { MultiSelect, Pill } from '@mantine/core';
import { useState } from 'react';
import type { Id, Labelled } from '../model/types';
import { NO_RESULTS } from './TypeaheadSelect';
import { useLabels, useTypeahead } from './useTypeahead';

interface Props {
  entities: string;
  value: readonly Id[];
  /** Labels already at hand (a relation's rows), saving lookups. */
  known?: readonly Labelled[];
  onAdd: (ids: Id[]) => void;
  onRemove: (ids: Id[]) => void;
  label: string;
  description?: string;
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
  'data-relation'?: string;
}

export function TypeaheadMultiSelect({ entities, value, known, onAdd, onRemove, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const chosen = useLabels(entities, value, known);
  const { results, loading } = useTypeahead(entities, search, open);
  const options = [...chosen, ...results.filter((r) => !value.includes(r.id))];
  const change = (next: string[]) => {
    const ids = next.map(Number);
    const added = ids.filter((id) => !value.includes(id));
    const removed = value.filter((id) => !ids.includes(id));
    if (added.length) onAdd(added);
    if (removed.length) onRemove(removed);
  };
  return (
    <MultiSelect
      {...props}
      error={props.error ?? undefined}
      data={options.map((o) => ({ value: String(o.id), label: o.label }))}
      value={value.map(String)}
      onChange={change}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      nothingFoundMessage={loading ? 'Searching…' : NO_RESULTS}
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
      renderPill={({ option, onRemove: remove }) => (
        <Pill
          key={String(option.value)}
          withRemoveButton={!props.disabled}
          onRemove={remove}
          removeButtonProps={{ 'aria-label': `Remove ${option.label}`, 'aria-hidden': false }}
          data-chip={option.label}
        >
          {option.label}
        </Pill>
      )}
    />
  );
}
