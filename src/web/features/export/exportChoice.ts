/**
 * What a user exports — columns, format, values shown or raw — remembered per entity set in
 * their preferences for its module, and read back defensively: a stored column that is no longer
 * exportable is dropped, a missing choice falls back to the list's own columns.
 */
import type { EntityDefinition } from '../../../shared/entities';
import { EXPORT_FORMATS, exportableFields, type ExportFormat } from '../../../shared/exports';
import { countText } from '../../../shared/show-value';

export interface ExportChoice {
  columns: string[];
  format: ExportFormat;
  formatted: boolean;
}

export const exportPreferenceField = (d: EntityDefinition) => `export_${d.entities}`;

function defaultColumns(d: EntityDefinition): string[] {
  const exportable = new Set(exportableFields(d).map((f) => f.name));
  const listed = d.list.columns.filter((name) => exportable.has(name));
  return listed.length > 0 ? listed : [...exportable];
}

export function readExportChoice(d: EntityDefinition, stored: unknown): ExportChoice {
  const saved = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const exportable = new Set(exportableFields(d).map((f) => f.name));
  const columns = Array.isArray(saved.columns)
    ? saved.columns.filter((c): c is string => typeof c === 'string' && exportable.has(c))
    : [];
  return {
    columns: columns.length > 0 ? columns : defaultColumns(d),
    format: EXPORT_FORMATS.includes(saved.format as ExportFormat)
      ? (saved.format as ExportFormat)
      : 'csv',
    formatted: saved.formatted !== false,
  };
}

/** "12,345 rows · 3.4 MB": the progress line while the file arrives. */
export function progressText(bytes: number, rows: number | null): string {
  const size = `${(bytes / 2 ** 20).toFixed(1)} MB`;
  return rows === null ? size : `${countText(rows)} rows · ${size}`;
}
