/**
 * A date filter: a from–to pair typed as the clinic writes dates (DD/MM/YYYY), and the named
 * ranges a clinic asks for most (today, this week, this month, this year) as one click each.
 * An end that is not a real date stays as typed, marked, and nothing is sent.
 */
import { Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FilterDefinition } from '../../../shared/entities';
import {
  presetOf,
  presetRange,
  RANGE_PRESETS,
  type DateRange,
  type RangePreset,
} from '../../../shared/date-ranges';
import type { FilterValue } from '../../../shared/filters';
import {
  NOT_A_DAY_TEXT,
  rangeOfValue,
  shownDay,
  typedDay,
  valueOfRange,
} from '../model/dateFilter';

interface Props {
  filter: FilterDefinition;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
}

type End = keyof DateRange;
const END_LABEL: Record<End, string> = { from: 'from', to: 'to' };
const END_TEXT: Record<End, string> = { from: 'From', to: 'To' };

export function DateRangeFilter({ filter, value, onChange }: Props) {
  const range = rangeOfValue(typeof value === 'string' ? value : '');
  const [texts, setTexts] = useState({ from: shownDay(range.from), to: shownDay(range.to) });
  const [errors, setErrors] = useState<Record<End, boolean>>({ from: false, to: false });
  useEffect(() => {
    const next = rangeOfValue(typeof value === 'string' ? value : '');
    setTexts({ from: shownDay(next.from), to: shownDay(next.to) });
    setErrors({ from: false, to: false });
  }, [value]);
  const chosen = range.from !== null || range.to !== null ? presetOf(range) : null;
  const send = (next: DateRange) => {
    const sent = valueOfRange(next);
    if (sent !== (typeof value === 'string' ? value : '')) onChange(sent);
  };
  const apply = (end: End) => {
    const day = typedDay(texts[end]);
    setErrors((e) => ({ ...e, [end]: day === undefined }));
    if (day === undefined) return;
    send({ ...range, [end]: day });
  };
  const pick = (preset: RangePreset) =>
    send(chosen === preset ? { from: null, to: null } : presetRange(preset));
  return (
    <Input.Wrapper label={filter.label} data-filter={filter.name}>
      <Stack gap={4}>
        <Group gap={4} role="group" aria-label={`${filter.label} ranges`}>
          {(Object.keys(RANGE_PRESETS) as RangePreset[]).map((preset) => (
            <Button
              key={preset}
              size="compact-xs"
              variant={chosen === preset ? 'filled' : 'light'}
              aria-pressed={chosen === preset}
              onClick={() => pick(preset)}
            >
              {RANGE_PRESETS[preset]}
            </Button>
          ))}
        </Group>
        <Group gap="xs" grow wrap="nowrap">
          {(['from', 'to'] as const).map((end) => (
            <TextInput
              key={end}
              aria-label={`${filter.label} ${END_LABEL[end]}`}
              placeholder="DD/MM/YYYY"
              // The end's name stays visible beside the date, however narrow the panel.
              leftSection={<Text size="xs">{END_TEXT[end]}</Text>}
              leftSectionWidth={40}
              leftSectionPointerEvents="none"
              value={texts[end]}
              error={errors[end] ? NOT_A_DAY_TEXT : null}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setTexts((t) => ({ ...t, [end]: text }));
              }}
              onBlur={() => apply(end)}
              onKeyDown={(e) => e.key === 'Enter' && apply(end)}
            />
          ))}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
