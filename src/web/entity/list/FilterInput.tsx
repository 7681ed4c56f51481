/**
 * One filter of the panel, by filter type (text, number, date with the YYYY-MM-DD mask, select,
 * toggle, reference, category). An empty value removes the filter; 0 counts.
 */
import { Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FilterDefinition } from '../../../shared/entities';
import type { FilterValue } from '../../../shared/filters';
import { ISO_DATE_TEXT, isIsoDate } from '../../../shared/iso-date';
import { TOGGLE_TEXT } from '../model/format';
import { CategorySelect } from '../pickers/CategorySelect';
import { TypeaheadSelect } from '../pickers/TypeaheadSelect';
import { NO_RESULTS } from '../pickers/useTypeahead';

interface Props {
  filter: FilterDefinition;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
}

const asId = (value: FilterValue) => (typeof value === 'number' ? value : null);
const asText = (value: FilterValue) =>
  value === null || value === undefined || Array.isArray(value) ? '' : String(value);

export function FilterInput({ filter, value, onChange }: Props) {
  const common = { label: filter.label, 'data-filter': filter.name };
  switch (filter.type) {
    case 'reference':
      // An id without a referenced set (a tree's parent) can only be typed.
      if (!filter.references) {
        return (
          <TypedFilter filter={{ ...filter, type: 'number' }} value={value} onChange={onChange} />
        );
      }
      return (
        <TypeaheadSelect
          {...common}
          entities={filter.references}
          value={asId(value)}
          onChange={onChange}
        />
      );
    case 'category':
      return (
        <CategorySelect
          {...common}
          rootKey={filter.categoryRoot}
          value={asId(value)}
          onChange={onChange}
        />
      );
    case 'select':
    case 'toggle': {
      const options =
        filter.type === 'toggle'
          ? [
              { value: '1', label: TOGGLE_TEXT[1] },
              { value: '0', label: TOGGLE_TEXT[0] },
            ]
          : (filter.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
      return (
        <Select
          {...common}
          data={options}
          value={asText(value) || null}
          onChange={(next) =>
            onChange(next === null ? null : filter.type === 'toggle' ? Number(next) : next)
          }
          clearable
          nothingFoundMessage={NO_RESULTS}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'text':
    case 'number':
    case 'date':
      return <TypedFilter filter={filter} value={value} onChange={onChange} />;
  }
}

/** Text, number and date filters apply when the box is left or Enter is pressed. */
function TypedFilter({ filter, value, onChange }: Props) {
  const [text, setText] = useState(asText(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(asText(value)), [value]);
  const apply = () => {
    const trimmed = text.trim();
    if (filter.type === 'date' && trimmed !== '' && !isIsoDate(trimmed)) {
      setError(ISO_DATE_TEXT);
      return;
    }
    if (filter.type === 'number' && trimmed !== '' && !Number.isFinite(Number(trimmed))) {
      setError('Must be a number.');
      return;
    }
    setError(null);
    if (trimmed === asText(value)) return;
    onChange(filter.type === 'number' && trimmed !== '' ? Number(trimmed) : trimmed);
  };
  return (
    <TextInput
      label={filter.label}
      data-filter={filter.name}
      value={text}
      placeholder={filter.type === 'date' ? 'YYYY-MM-DD' : undefined}
      inputMode={filter.type === 'number' ? 'decimal' : undefined}
      error={error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
    />
  );
}
