/**
 * One row of another entity set, found by typing (single select relation, reference filters).
 * The server does the matching; 'No results' when nothing matches.
 */
import { Select } from '@mantine/core';
import { useState } from 'react';
import type { Id, Labelled } from '../model/types';
import { useLabels, useTypeahead } from './useTypeahead';

export const NO_RESULTS = 'No results';

interface Props {
  entities: string;
  value: Id | null;
  /** The label the row already carries (`{field}_label`), saving a lookup. */
  knownLabel?: string | null;
  onChange: (id: Id | null) => void;
  label: string;
  description?: string;
  error?: string | null;
  disabled?: boolean;
  clearable?: boolean;
  withAsterisk?: boolean;
  placeholder?: string;
  'data-field'?: string;
}

export function TypeaheadSelect({ entities, value, knownLabel, onChange, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const known: Labelled[] = value !== null && knownLabel ? [{ id: value, label: knownLabel }] : [];
  const [selected] = useLabels(entities, value === null ? [] : [value], known);
  // While the chosen label is shown, the list offers everything rather than that one name.
  const query = selected && search === selected.label ? '' : search;
  const { results, loading } = useTypeahead(entities, query, open);
  const options = [...(selected ? [selected] : []), ...results.filter((r) => r.id !== value)];
  return (
    <Select
      {...props}
      error={props.error ?? undefined}
      data={options.map((o) => ({ value: String(o.id), label: o.label }))}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      nothingFoundMessage={loading ? 'Searching…' : NO_RESULTS}
      clearable={props.clearable ?? true}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
