/**
 * A day and a free time: a small calendar on which only days with free times can be chosen, and
 * the free times of the chosen day as buttons.
 */
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { useMemo, useState } from 'react';
import type { Slot } from '../../../shared/booking';
import { useSlots } from './useSlots';
import { dayIn, dayOf, monthOf, timeIn, todayIn } from './when';

interface Props {
  typeId: number | null;
  practitionerId: number | null;
  zone: string;
  value: Slot | null;
  onChange: (slot: Slot | null) => void;
  refresh?: number;
}

export function SlotPicker({ typeId, practitionerId, zone, value, onChange, refresh }: Props) {
  const today = todayIn(zone);
  const [month, setMonth] = useState(monthOf(today).first);
  const [day, setDay] = useState<string | null>(null);
  const { slots, loading, problem } = useSlots(typeId, practitionerId, zone, month, refresh);
  // Only the month on show: the last month's answer may still be in hand while the next loads.
  const days = useMemo(() => {
    const { first, last } = monthOf(month);
    return new Set(slots.map((s) => dayOf(s.start)).filter((d) => d >= first && d <= last));
  }, [slots, month]);
  // "Anyone": each time once, with the first practitioner free then (the details say whom).
  const times = slots
    .filter((s) => day !== null && dayOf(s.start) === day)
    .filter(
      (s, i, all) => practitionerId !== null || all.findIndex((o) => o.start === s.start) === i,
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Text fw={600} id="booking-day-label">
          Choose a day
        </Text>
        {loading && <Loader size="xs" aria-label="Loading free times" />}
      </Group>
      {problem && (
        <Alert color="negative" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <DatePicker
        aria-labelledby="booking-day-label"
        value={day}
        onChange={(next) => {
          setDay(next);
          onChange(null);
        }}
        date={month}
        onDateChange={(next) => setMonth(monthOf(next).first)}
        minDate={today}
        excludeDate={(date) => !days.has(date)}
        getDayProps={(date) => (days.has(date) ? { 'data-free': 'true' } : {})}
        nextLabel="Next month"
        previousLabel="Previous month"
        size="md"
        mx="auto"
      />
      {!loading && slots.length === 0 && typeId !== null && !problem && (
        <Text size="sm" c="dimmed" role="status">
          No free times this month. Try the next month.
        </Text>
      )}
      {day && (
        <Stack gap="xs">
          <Text fw={600}>Free times on {dayIn(`${day}T12:00:00Z`, 'UTC')}</Text>
          <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" role="group" aria-label="Free times">
            {times.map((slot) => {
              const chosen = value?.start === slot.start;
              return (
                <Button
                  key={slot.start}
                  variant={chosen ? 'filled' : 'default'}
                  aria-pressed={chosen}
                  onClick={() => onChange(slot)}
                >
                  {timeIn(slot.start, zone)}
                </Button>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
