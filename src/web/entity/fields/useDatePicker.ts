/**
 * What a date field's picker needs beyond its value: whether it is open, and where it opens.
 *
 * Open: Mantine's modal closes on an Escape anywhere in it unless the key's target is marked
 * `data-mantine-stop-propagation` (its own selects mark their input while their list is open);
 * DateInput does not, so the Escape that closes the picker also closed the dialog around it.
 *
 * Where: a date of birth opens on the decades around forty years back, not on this month, from
 * which a birth date is tens of clicks away; a field that holds a date opens on it.
 */
import { useState } from 'react';
import type { FieldDefinition } from '../../../shared/entities';

const BIRTH_YEARS_BACK = 40;

/** The calendar's arrows are icons: without these they have no name (axe: button-name). */
const ARROW_NAMES = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

function yearsBack(years: number): string {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years);
  return day.toISOString().slice(0, 10);
}

export function useDatePicker(field: FieldDefinition, hasValue: boolean) {
  const [open, setOpen] = useState(false);
  const birth = field.birthDate === true && !hasValue;
  return {
    popoverProps: {
      withinPortal: true,
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
    },
    inputProps: { 'data-mantine-stop-propagation': open || undefined },
    calendarProps: {
      ariaLabels: ARROW_NAMES,
      ...(birth
        ? { defaultLevel: 'decade' as const, defaultDate: yearsBack(BIRTH_YEARS_BACK) }
        : {}),
    },
  };
}
