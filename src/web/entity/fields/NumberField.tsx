/**
 * Numbers: plain numbers; amounts in the company currency (its symbol, decimals and
 * rounding); quantities stored in a base unit and shown in the company's metric or imperial
 * units. A quantity shows as a number in the field's entry unit (named beside it, "40" + "ml"),
 * so what is shown and a bare number typed mean the same; "1.5 l" or "2 fl oz" are read too.
 */
import { NumberInput, TextInput } from '@mantine/core';
import { amountIn, priceStored } from '../../../shared/units';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { ENTRY_UNIT, moneyValue, pricedAs, readQuantity, unitKindOf } from '../model/format';
import type { FieldItemProps } from './fieldProps';
import { useDraft } from './useDraft';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';

const QUANTITY_TEXT = 'Must be a quantity such as 30 or 1.5 l.';

export function NumberField({ item, label }: FieldItemProps) {
  const source = useSource();
  const { field } = item;
  const binding = useFieldBinding(field, source);
  const { unitSystem, currency } = useCompanySettings();
  const kind = unitKindOf(field.unit, source.values);
  const stored = typeof binding.value === 'number' ? binding.value : null;

  const entryUnit = kind ? ENTRY_UNIT[unitSystem][kind] : null;
  // A price of stock reads per the company's everyday amount (per oz), stored per 100 g.
  const priced = field.money ? pricedAs(field, source.values, unitSystem) : null;
  const storedText =
    stored === null
      ? ''
      : entryUnit
        ? amountIn(stored, entryUnit)
        : priced
          ? String(moneyValue(priced.shown(stored), currency))
          : String(stored);
  const draft = useDraft(storedText, async (text) => {
    if (text.trim() === '') return binding.save(null);
    if (kind) {
      const base = readQuantity(text, kind, unitSystem);
      if (base === null) {
        binding.setError(QUANTITY_TEXT);
        return false;
      }
      return binding.save(Math.round(base * 1000) / 1000);
    }
    const amount = Number(text.replace(/[^\d.,-]/g, '').replace(',', '.'));
    if (!Number.isFinite(amount)) return binding.save(text);
    if (!field.money) return binding.save(amount);
    const money = moneyValue(amount, currency);
    return binding.save(priced ? priceStored(money, priced.kind, unitSystem) : money);
  });

  const common = {
    label: label ?? priced?.label ?? item.label,
    withAsterisk: field.required,
    description: binding.hint,
    error: binding.error,
    disabled: binding.disabled,
    onBlur: () => void draft.commit(),
    'data-field': field.name,
  };
  if (entryUnit) {
    return (
      <TextInput
        {...common}
        value={draft.text}
        onChange={(e) => {
          binding.setError(null);
          draft.change(e.currentTarget.value);
        }}
        onKeyDown={(e) => e.key === 'Enter' && void draft.commit()}
        rightSection={<span aria-hidden>{entryUnit}</span>}
        rightSectionWidth={52}
      />
    );
  }
  return (
    <NumberInput
      {...common}
      value={draft.text}
      onChange={(next) => {
        binding.setError(null);
        draft.change(String(next));
      }}
      onKeyDown={(e) => e.key === 'Enter' && void draft.commit()}
      min={field.min}
      max={field.max}
      allowDecimal={field.value !== 'integer'}
      hideControls
      {...(field.money
        ? {
            prefix: currency.symbol,
            decimalScale: currency.decimal_digits,
            fixedDecimalScale: true,
            thousandSeparator: ',',
          }
        : {})}
    />
  );
}
