/**
 * One row of another entity set, found by typing (single select relation, reference filters).
 * The server does the matching; 'No results' when nothing matches.
 */
import { Select } from '@mantine/core';
import type { PickWhere } from '../../../shared/entities/types';
import type { Id, Labelled } from '../model/types';
import { useLabels, useTypeaheadCombobox } from './useTypeahead';

interface Props {
  entities: string;
  /** Only the rows of `entities` matching these list filters are offered (`pickWhere`). */
  where?: PickWhere | undefined;
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

export function TypeaheadSelect({ entities, where, value, knownLabel, onChange, ...props }: Props) {
  const known: Labelled[] = value !== null && knownLabel ? [{ id: value, label: knownLabel }] : [];
  const chosen = useLabels(entities, value === null ? [] : [value], known);
  const combobox = useTypeaheadCombobox(entities, chosen, chosen[0]?.label, where);
  return (
    <Select
      {...props}
      {...combobox}
      error={props.error ?? undefined}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      clearable={props.clearable ?? true}
    />
  );
}
