/**
 * Dates: shown and typed as DD/MM/YYYY (with HH:mm for a timed field or a stored time),
 * picked from a calendar, stored as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss. Text that is not a real
 * date (31/02/1941) stays as typed when the field is left, marked as not a date, and nothing is
 * saved; a real date typed over it clears the mark and saves.
 */
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { displayDate, isTimed, storedDate } from '../model/format';
import type { FieldItemProps } from './fieldProps';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';
import { useDatePicker } from './useDatePicker';
import { notARealDateText, shownDateFormat } from '../../../shared/iso-date';

const notADateText = (timed: boolean) => `${notARealDateText(timed)} Nothing was saved.`;

export function DateField({ item, label }: FieldItemProps) {
  const source = useSource();
  const binding = useFieldBinding(item.field, source);
  const stored = typeof binding.value === 'string' ? binding.value : null;
  const timed = item.field.timed === true || (stored !== null && isTimed(stored));
  const picker = useDatePicker(item.field, stored !== null && stored !== '');
  return (
    <DateInput
      {...picker.calendarProps}
      {...picker.inputProps}
      label={label ?? item.label}
      withAsterisk={item.field.required}
      description={binding.hint}
      error={binding.error}
      disabled={binding.disabled}
      value={stored ? stored.slice(0, timed ? 19 : 10) : null}
      valueFormat={(date) => displayDate(date)}
      withTime={timed}
      placeholder={shownDateFormat(timed)}
      dateParser={storedDate}
      onChange={(next) => {
        binding.setError(null);
        void binding.save(next === null ? null : timed ? next : next.slice(0, 10));
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
