/**
 * What an export may hold and in which formats, shared by the server that writes the file and
 * the dialog that offers the choice.
 */
import type { EntityDefinition, FieldDefinition } from './entities/types';
import { EXPORT_ROUTE } from './module-entry';
import { privilegeOf } from './privileges';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The privilege `{entities}/export` needs: read by the server, the list's Export action and the tests. */
export const exportPrivilegeOf = (d: EntityDefinition): string =>
  privilegeOf(d.module, EXPORT_ROUTE);

/** The refusal without it, naming the privilege as the groups screen lists it. */
export const exportRefusalText = (d: EntityDefinition): string =>
  `Exporting ${d.title.toLowerCase()} needs the privilege "Export" (${exportPrivilegeOf(d)}); "View and search" alone does not allow it.`;

/** The reply header that says how many rows an export holds (the web's progress reads it). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/**
 * The fields an export may hold: exactly those the list reads, in the definition's order. A
 * field only `get` returns (patient notes) is read with an audit entry of its own, never in bulk.
 */
export const exportableFields = (d: EntityDefinition): FieldDefinition[] =>
  d.fields.filter((f) => f.inList);

/**
 * The header of an export's last column when it holds the id: each row's version (hidden in
 * XLSX). An import by id compares it with the stored row and refuses the rows changed since.
 */
export const VERSION_HEADERS = { formatted: 'Row version', raw: '_version' } as const;
