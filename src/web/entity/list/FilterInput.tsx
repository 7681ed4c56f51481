/**
 * One filter of the panel, by filter type (text, number, date range, select, toggle, reference,
 * category). An empty value removes the filter; 0 counts.
 */
import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FilterDefinition } from '../../../shared/entities';
import type { FilterValue } from '../../../shared/filters';
import { TOGGLE_TEXT } from '../model/format';
import { CategorySelect } from '../pickers/CategorySelect';
import { TypeaheadSelect } from '../pickers/TypeaheadSelect';
import { NO_RESULTS } from '../pickers/useTypeahead';
import { useTypedFilter } from '../hooks/useTypedFilter';
import { DateRangeFilter } from './DateRangeFilter';

const NOT_A_NUMBER = 'Must be a number.';

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
    case 'date':
      return <DateRangeFilter filter={filter} value={value} onChange={onChange} />;
    case 'text':
    case 'number':
      return <TypedFilter filter={filter} value={value} onChange={onChange} />;
  }
}

/** Text and number filters apply as the user types (a short pause), on Enter and on leaving. */
function TypedFilter({ filter, value, onChange }: Props) {
  const [error, setError] = useState<string | null>(null);
  const typed = useTypedFilter(asText(value), (text) => {
    const trimmed = text.trim();
    const number = filter.type === 'number' && trimmed !== '';
    setError(number && !Number.isFinite(Number(trimmed)) ? NOT_A_NUMBER : null);
    if (number && !Number.isFinite(Number(trimmed))) return false;
    onChange(number ? Number(trimmed) : trimmed);
    return true;
  });
  return (
    <TextInput
      label={filter.label}
      data-filter={filter.name}
      value={typed.text}
      inputMode={filter.type === 'number' ? 'decimal' : undefined}
      error={error}
      onChange={(e) => typed.type(e.currentTarget.value)}
      onBlur={() => typed.applyNow()}
      onKeyDown={(e) => e.key === 'Enter' && typed.applyNow()}
    />
  );
}
