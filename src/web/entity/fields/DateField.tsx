/**
 * Dates: shown and typed as DD/MM/YYYY (with HH:mm for a timed field or a stored time),
 * picked from a calendar, stored as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss. Text that is not a real
 * date (31/02/1941) stays as typed when the field is left, marked as not a date, and nothing is
 * saved; a real date typed over it clears the mark and saves. An instant field shows and takes
 * the clinic's wall time (useClinicTimeZone) and saves the instant it names: a time the clocks
 * skip that night is refused, one they pass twice takes the first and says so.
 */
import { useState } from 'react';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { displayDate, isTimed, storedDate } from '../model/format';
import type { FieldItemProps } from './fieldProps';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';
import { useDatePicker } from './useDatePicker';
import { notARealDateText, shownDateFormat } from '../../../shared/iso-date';
import { wallTimeOf } from '../../../shared/instant-text';
import { readWallTime } from '../../../shared/wall-time';
import { useClinicTimeZone } from '../../theme/useClinicTimeZone';

const notADateText = (timed: boolean) => `${notARealDateText(timed)} Nothing was saved.`;

export function DateField({ item, label }: FieldItemProps) {
  const source = useSource();
  const binding = useFieldBinding(item.field, source);
  const zone = useClinicTimeZone();
  const instant = item.field.instant === true;
  // Said of an ambiguous wall time, for as long as the instant it saved is the value.
  const [note, setNote] = useState<{ instant: string; text: string } | null>(null);
  const value = typeof binding.value === 'string' ? binding.value : null;
  // What the input holds: an instant's wall time in the clinic's zone, else the stored text.
  const stored = instant && value ? wallTimeOf(value, zone) : value;
  const timed = item.field.timed === true || (stored !== null && isTimed(stored));
  const picker = useDatePicker(item.field, stored !== null && stored !== '');
  /** The value to save for what the input holds; null with the refusal shown when there is none. */
  const toSave = (next: string): string | null => {
    if (!instant) return timed ? next : next.slice(0, 10);
    const read = readWallTime(next, zone);
    if (read.kind === 'gap') binding.setError(`${read.text} Nothing was saved.`);
    if (read.kind === 'invalid') binding.setError(notADateText(true));
    if (read.kind === 'ambiguous') setNote({ instant: read.instant, text: read.text });
    return read.kind === 'instant' || read.kind === 'ambiguous' ? read.instant : null;
  };
  return (
    <DateInput
      {...picker.calendarProps}
      {...picker.inputProps}
      label={label ?? item.label}
      withAsterisk={item.field.required}
      description={note && note.instant === value ? note.text : binding.hint}
      error={binding.error}
      disabled={binding.disabled}
      value={stored ? stored.slice(0, timed ? 19 : 10) : null}
      valueFormat={(date) => displayDate(date)}
      withTime={timed}
      placeholder={shownDateFormat(timed)}
      dateParser={storedDate}
      onChange={(next) => {
        binding.setError(null);
        setNote(null);
        const saved = next === null ? null : toSave(next);
        if (next === null || saved !== null) void binding.save(saved);
      }}
      fixOnBlur={false}
      onBlur={(event) => {
        const text = event.currentTarget.value.trim();
        if (text !== '' && storedDate(text) === null) binding.setError(notADateText(timed));
      }}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label ?? item.label}` }}
      data-field={item.field.name}
      popoverProps={picker.popoverProps}
    />
  );
}
