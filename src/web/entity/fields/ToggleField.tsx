/** Toggles: 1 and 0, labelled Yes and No unless the definition says otherwise. */
import { Switch } from '@mantine/core';
import { TOGGLE_TEXT } from '../model/format';
import type { FieldItemProps } from './fieldProps';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';

export function ToggleField({ item, label }: FieldItemProps) {
  const source = useSource();
  const { field } = item;
  const binding = useFieldBinding(field, source);
  const optionLabel = (value: 0 | 1) =>
    field.options?.find((o) => Number(o.value) === value)?.label ?? TOGGLE_TEXT[value];
  const on = binding.value === 1 || binding.value === true;
  const name = label ?? item.label;
  return (
    <Switch
      label={name}
      // The switch is named by its label alone ("Pregnant"); its state is its checked state. The
      // wrapping <label> would also lend it the track's "Yes"/"No" ("No Pregnant").
      aria-label={name}
      description={binding.hint}
      error={binding.error}
      checked={on}
      disabled={binding.disabled}
      onChange={(e) => void binding.save(e.currentTarget.checked ? 1 : 0)}
      onLabel={optionLabel(1)}
      offLabel={optionLabel(0)}
      size="md"
      data-field={field.name}
      mt="xs"
    />
  );
}
