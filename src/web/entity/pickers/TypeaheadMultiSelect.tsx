/**
 * Several rows of another entity set as chips, added by typing (select relation items and
 * relation filters). Each chip has a named remove button.
 */
import { MultiSelect, Pill } from '@mantine/core';
import type { PickWhere } from '../../../shared/entities/types';
import type { Id, Labelled } from '../model/types';
import { useLabels, useTypeaheadCombobox } from './useTypeahead';

interface Props {
  entities: string;
  /** Only the rows of `entities` matching these list filters are offered (`pickWhere`). */
  where?: PickWhere | undefined;
  value: readonly Id[];
  /** Labels already at hand (a relation's rows), saving lookups. */
  known?: readonly Labelled[];
  onAdd: (ids: Id[]) => void;
  onRemove: (ids: Id[]) => void;
  /** Offered as "Add “…”" when the typed name is not among the options (a medicine as written). */
  onAddName?: ((typed: string) => void) | undefined;
  label: string;
  description?: string;
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
  'data-relation'?: string;
}

/** The value of the "Add “…”" option, before the typed name. */
const TYPED = 'typed:';

export function TypeaheadMultiSelect({
  entities,
  where,
  value,
  known,
  onAdd,
  onRemove,
  onAddName,
  ...props
}: Props) {
  const chosen = useLabels(entities, value, known);
  const combobox = useTypeaheadCombobox(entities, chosen, undefined, where);
  const typed = combobox.searchValue.trim();
  const offer =
    onAddName !== undefined &&
    typed !== '' &&
    !combobox.data.some((o) => o.label.toLowerCase() === typed.toLowerCase());
  const data = offer
    ? [...combobox.data, { value: `${TYPED}${typed}`, label: `Add “${typed}”` }]
    : combobox.data;
  const change = (next: string[]) => {
    const named = next.find((v) => v.startsWith(TYPED));
    if (named !== undefined) {
      onAddName?.(named.slice(TYPED.length));
      combobox.onSearchChange('');
      return;
    }
    const ids = next.map(Number);
    const added = ids.filter((id) => !value.includes(id));
    const removed = value.filter((id) => !ids.includes(id));
    if (added.length) onAdd(added);
    if (removed.length) onRemove(removed);
  };
  return (
    <MultiSelect
      {...props}
      {...combobox}
      data={data}
      error={props.error ?? undefined}
      value={value.map(String)}
      onChange={change}
      hidePickedOptions
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
