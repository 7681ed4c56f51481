/**
 * The pure parts of the import wizard: a chosen file as base64 (refused first when too large, so
 * a 50 MB file is never sent), and saved mappings kept by header so they fit the next file with
 * the same columns in any order.
 */
import type { ImportMapping, SavedMappings } from '../../../shared/imports';
import { IMPORT_FILE_MAX_BYTES } from '../../../shared/limits';

export const TOO_LARGE_TEXT = `The file is too large to import (at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB).`;

export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In pieces: one call with millions of arguments would overflow the stack.
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

export const savedMappingsOf = (value: unknown): SavedMappings =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as SavedMappings)
    : {};

/** A mapping by column number as a saved one (by header). */
export function byHeader(
  headers: readonly string[],
  mapping: ImportMapping,
): Record<string, string> {
  const saved: Record<string, string> = {};
  headers.forEach((header, column) => {
    const target = mapping[String(column)];
    if (target) saved[header] = target;
  });
  return saved;
}

/** A saved mapping applied to this file's headers; columns it does not name are ignored. */
export function byColumn(headers: readonly string[], saved: Record<string, string>): ImportMapping {
  return Object.fromEntries(headers.map((header, column) => [String(column), saved[header] ?? '']));
}
