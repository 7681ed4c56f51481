/**
 * Fixed choices: `select` as a searchable drop-down ('No results' when nothing
 * matches), `select_buttons` as a row of buttons. A choice saves at once.
 */
import { Chip, Group, Input, Select } from '@mantine/core';
import { useId } from 'react';
import { textOf } from '../model/format';
import type { FieldItemProps } from './fieldProps';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';

const NO_RESULTS_TEXT = 'No results';

export function ChoiceField({ item, label }: FieldItemProps) {
  const source = useSource();
  const { field } = item;
  const binding = useFieldBinding(field, source);
  const id = useId();
  const options = (field.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  const value = textOf(binding.value);
  const common = {
    description: binding.hint,
    error: binding.error,
    withAsterisk: field.required,
  };

  if (field.type === 'select_buttons') {
    // Chips wrap on narrow panels, where a segmented control would cut its last choices off.
    return (
      <Input.Wrapper {...common} label={label ?? item.label} id={id} labelElement="div">
        <Group
          gap={6}
          mt={4}
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          data-field={field.name}
        >
          <Chip.Group value={value || null} onChange={(next) => void binding.save(next)}>
            {options.map((option) => (
              <Chip key={option.value} value={option.value} disabled={binding.disabled} size="sm">
                {option.label}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      </Input.Wrapper>
    );
  }
  return (
    <Select
      {...common}
      label={label ?? item.label}
      data={options}
      value={value || null}
      disabled={binding.disabled}
      onChange={(next) => void binding.save(next ?? '')}
      searchable
      clearable={!field.required}
      nothingFoundMessage={NO_RESULTS_TEXT}
      data-field={field.name}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
