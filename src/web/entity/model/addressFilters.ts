/**
 * Filters named in a list's address (`/app/prescriptions?prescription_patient_id=5`): only the
 * definition's list filters count, each value typed as its filter input gives it (ids and
 * numbers as numbers, toggles as 1 or 0), so the server gets what the user's own filter sends.
 * A value that does not fit its filter is ignored; other parameters are left alone.
 */
import type { EntityDefinition, FilterDefinition } from '../../../shared/entities';
import type { FilterScalar } from '../../../shared/filters';
import { parseDateRange } from '../../../shared/date-ranges';
import { isIsoDate } from '../../../shared/iso-date';
import type { Filters } from './types';

const WHOLE_NUMBER = /^\d{1,15}$/;

/** The value as the filter's input would set it, or null when it does not fit the filter. */
export function filterValueOf(filter: FilterDefinition, text: string): FilterScalar | null {
  const value = text.trim();
  if (value === '') return null;
  switch (filter.type) {
    case 'reference':
    case 'category':
      return WHOLE_NUMBER.test(value) ? Number(value) : null;
    case 'number':
      return Number.isFinite(Number(value)) ? Number(value) : null;
    case 'toggle':
      return value === '1' || value === '0' ? Number(value) : null;
    case 'select':
      return (filter.options ?? []).some((o) => String(o.value) === value) ? value : null;
    case 'date':
      return isIsoDate(value) || parseDateRange(value) ? value : null;
    case 'text':
      return value;
  }
}

interface AddressFilters {
  /** The filters that fit, by name. */
  filters: Filters;
  /** The address's query without the filters' parameters (`?…`, or '' when nothing is left). */
  rest: string;
}

/** null when the address names none of the list's filters. */
export function addressFilters(
  definition: EntityDefinition,
  search: string,
): AddressFilters | null {
  const params = new URLSearchParams(search);
  const named = definition.list.filters.filter((filter) => params.has(filter.name));
  if (named.length === 0) return null;
  const filters: Filters = {};
  for (const filter of named) {
    const value = filterValueOf(filter, params.get(filter.name) ?? '');
    if (value !== null) filters[filter.name] = value;
    params.delete(filter.name);
  }
  const rest = params.toString();
  return { filters, rest: rest ? `?${rest}` : '' };
}
