/** The payload of `{entities}/export`: the list's query plus what the file holds. */
import { z } from 'zod';
import { EXPORT_FORMATS } from '../../shared/exports';
import { filtersInput, relationFiltersInput, sortInput } from '../entities/payloads';

/** More columns than any entity set has fields: a longer list is refused as malformed. */
const COLUMNS_MAX = 200;

export const exportInput = z.strictObject({
  filters: filtersInput,
  relation_filters: relationFiltersInput,
  sort: sortInput,
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** Values as the screen shows them (units, currency, dates, labels), or as stored. */
  formatted: z.boolean().default(true),
  /** Field names in the order wanted; all exportable fields when left out. */
  columns: z
    .array(z.string().max(100, 'Maximum of 100 characters allowed.'))
    .min(1, 'Choose at least one column to export.')
    .max(COLUMNS_MAX, `At most ${COLUMNS_MAX} columns.`)
    .optional(),
});
