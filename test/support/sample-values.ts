/**
 * Valid sample values of a field that points at no other row, from its definition alone: the
 * rules both the API tests (test/api/entities-helpers.ts, which adds references) and the browser
 * smoke test (test/e2e/entity-smoke.test.ts, which types them) follow, so a new set's rules are
 * taught to both in one place. `variant` 2 is a different valid value, for an update.
 */
import type { FieldDefinition } from '../../src/shared/entities';

/** A field whose value ends a span its partner starts (an end, the last day, "not after"). */
const endsASpan = (field: FieldDefinition) => /_(end|until|latest|to)$/.test(field.name);

/** A wall-clock time of day (the `timeOfDay` builder): its rule takes HH:mm and nothing else. */
export const isTimeOfDay = (field: FieldDefinition) =>
  field.maxLength === 5 &&
  field.rule.safeParse('09:00').success &&
  !field.rule.safeParse('9 am').success;

const DAY_MS = 86_400_000;
/** Variant 1 instants: one day each from here, 09:00–09:45 UTC, so no two samples overlap. */
const FIRST_SAMPLE_DAY = Date.UTC(2031, 0, 6, 9, 0);

/**
 * An instant as the API answers it (UTC, milliseconds). Variant 1: the sample's own day; an end
 * 45 minutes after its start. Variant 2 (an update): a start before, an end after, every variant
 * 1 sample, so a span changed at either end still runs forwards.
 */
function sampleInstant(field: FieldDefinition, n: number, variant: number): string {
  const ends = endsASpan(field);
  const day = variant === 1 ? n : ends ? 40_000 + n : -n;
  return new Date(FIRST_SAMPLE_DAY + day * DAY_MS + (ends ? 45 * 60_000 : 0)).toISOString();
}

/** Lower-case letters unique per n (ISO country codes are upper-case, so never clash). */
function shortCode(n: number, length: number): string {
  let code = '';
  for (let i = 0, rest = n; i < length; i++, rest = Math.floor(rest / 26))
    code += String.fromCharCode(97 + (rest % 26));
  return code;
}

/** A valid value of a field that is not a reference (`n`: a number unique to the sample). */
export function plainSampleValue(field: FieldDefinition, n: number, variant = 1): unknown {
  const tag = `v${n}x${variant}`;
  switch (field.type) {
    case 'html':
      return `<p>Text ${tag}</p>`;
    case 'url':
      return `https://example.com/${tag}`;
    case 'tel':
      return `01632 96${String(n % 10_000).padStart(4, '0')}`;
    case 'colour':
      return variant === 1 ? '#123456' : '#654321';
    case 'date': {
      if (field.instant) return sampleInstant(field, n, variant);
      // A span's end is later than either variant of its start (1998-1999 against 1991-1992).
      const year = endsASpan(field) ? 7 + variant : variant;
      return `199${year}-0${variant}-1${variant}${field.timed ? ` 1${variant}:30:00` : ''}`;
    }
    case 'toggle':
      return variant === 1 ? 1 : 0;
    case 'select':
    case 'select_buttons': {
      const options = field.options ?? [];
      return (options[variant - 1] ?? options[0])?.value;
    }
    case 'number': {
      if (field.money) return 10 * variant + 0.5;
      const base = field.name.endsWith('_max') ? 10_000 : (field.min ?? 0) + 1000;
      // Under a small maximum (an age in years), still two different values.
      const value = base * variant;
      return field.max !== undefined && value > field.max ? field.max - variant + 1 : value;
    }
    default:
      if (field.name.endsWith('email')) return `${tag}@example.com`;
      if (isTimeOfDay(field))
        return `${String((endsASpan(field) ? 16 : 8) + variant).padStart(2, '0')}:00`;
      if ((field.maxLength ?? 255) <= 3) return shortCode(n * 2 + variant, field.maxLength ?? 3);
      return `${tag} ${field.label}`.slice(0, field.maxLength ?? 255).trim();
  }
}
