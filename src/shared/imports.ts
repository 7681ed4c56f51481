/**
 * What an import takes and answers, shared by the server that reads the file and the wizard that
 * maps its columns: the steps, the mapping's targets and how a header is guessed to a target.
 */
import type { EntityDefinition } from './entities/types';
import { VERSION_HEADERS } from './exports';

/** read: headers and a guessed mapping; check: a dry run, nothing written; import: written. */
export const IMPORT_STEPS = ['read', 'check', 'import'] as const;

/** The preference (of the entity set's module) holding the user's named mappings. */
export const IMPORT_MAPPINGS_PREFERENCE = 'import_mappings';

/** Column index (as a string) → target name (a field, a relation or the id key); '' = ignored. */
export type ImportMapping = Record<string, string>;
export type SavedMappings = Record<string, Record<string, string>>;

interface ImportTarget {
  name: string;
  label: string;
}

interface ImportRowError {
  /** The row's number in the file, counting the header as row 1 (as a spreadsheet shows it). */
  row: number;
  messages: string[];
}

export interface ImportRead {
  headers: string[];
  rows: number;
  /** The first rows as read, for the wizard's preview. */
  sample: string[][];
  mapping: ImportMapping;
  targets: ImportTarget[];
}

export interface ImportOutcome {
  rows: number;
  added: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
}

/**
 * What a column can be imported into: the id key (update by key), every field a caller writes,
 * and every relation (labels separated by ";").
 */
export function importTargets(d: EntityDefinition): ImportTarget[] {
  return [
    { name: d.keys.id, label: 'Id' },
    ...d.fields.filter((f) => !f.readOnly).map((f) => ({ name: f.name, label: f.label })),
    ...d.relations.map((r) => ({ name: r.name, label: r.label })),
  ];
}

const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A header's target: the one whose name, name without the entity's prefix (`first_name`) or
 * on-screen label matches, ignoring case, spaces and punctuation; '' when none does.
 */
function guessTarget(d: EntityDefinition, header: string): string {
  const wanted = plain(header);
  if (wanted === '') return '';
  const prefix = `${d.base}_`;
  const found = importTargets(d).find((t) => {
    const bare = t.name.startsWith(prefix) ? t.name.slice(prefix.length) : t.name;
    return [t.name, bare, t.label].some((name) => plain(name) === wanted);
  });
  return found?.name ?? '';
}

/**
 * The column of an exported file that holds each row's version (by its header), or -1. The
 * import reads it by itself to refuse rows changed since the export: it is no target to map.
 */
export const versionColumnOf = (headers: readonly string[]): number =>
  headers.findIndex((header) =>
    [VERSION_HEADERS.formatted, VERSION_HEADERS.raw].some((name) => header.trim() === name),
  );

/** A mapping guessed from the headers, each target used once (the first column that names it). */
export function guessMapping(d: EntityDefinition, headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  const versionColumn = versionColumnOf(headers);
  headers.forEach((header, column) => {
    const target = column === versionColumn ? '' : guessTarget(d, header);
    mapping[String(column)] = target !== '' && !used.has(target) ? target : '';
    if (target !== '') used.add(target);
  });
  return mapping;
}
