/** The payload of `{entities}/import`: the file as base64, the step, the mapping, rows to skip. */
import { z } from 'zod';
import { IMPORT_STEPS } from '../../shared/imports';
import { IMPORT_COLUMNS_MAX, IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX } from '../../shared/limits';
import { FILE_TOO_LARGE_TEXT } from './table';

/** Base64 of the largest file taken, padding included. */
export const IMPORT_BASE64_MAX = Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4;

export const importInput = z.strictObject({
  step: z.enum(IMPORT_STEPS),
  file: z
    .string()
    .max(IMPORT_BASE64_MAX, FILE_TOO_LARGE_TEXT)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be the file encoded as base64.'),
  /** Column index → target; guessed from the headers when left out. */
  mapping: z
    .record(z.string().regex(/^\d{1,3}$/, 'Must be a column number.'), z.string().max(100))
    .refine((m) => Object.keys(m).length <= IMPORT_COLUMNS_MAX, 'Too many columns.')
    .optional(),
  /** Rows (numbered as in the file) the user chose to leave out. */
  skip_rows: z.array(z.number().int().min(1)).max(IMPORT_ROWS_MAX).optional(),
});
export type ImportInput = z.output<typeof importInput>;
