/**
 * What one row's own values forbid, with the reason: the tree rules on a node
 * (`TreeDefinition` columns: mandatory, may hold children, movable, renameable) and a row without
 * its secondary key, which can not be deleted. One home: the server refuses with these texts, and
 * the screen disables the control up front with the same text as its reason.
 */
import type { EntityDefinition } from './types';

type Node = Readonly<Record<string, unknown>>;

const flagOff = (row: Node, column: string | undefined) =>
  column !== undefined && row[column] === 0;
const nameOf = (d: EntityDefinition, row: Node) => `"${String(row[d.keys.name])}"`;
const below = (d: EntityDefinition) => `sub-${d.title.toLowerCase()}`;

/** Why no node may be added under (or moved under) `parent`, or null. */
export function containText(d: EntityDefinition, parent: Node): string | null {
  return flagOff(parent, d.tree?.container)
    ? `${nameOf(d, parent)} can not contain ${below(d)}.`
    : null;
}

/** Why the node may not be deleted (mandatory), or null. */
export function mandatoryText(d: EntityDefinition, row: Node): string | null {
  const column = d.tree?.mandatory;
  return column !== undefined && row[column] === 1
    ? `${nameOf(d, row)} is mandatory and can not be deleted.`
    : null;
}

/** Why the node may not be deleted while nodes below it stay. */
export const hasChildrenText = (d: EntityDefinition, row: Node): string =>
  `${nameOf(d, row)} still has ${below(d)}; delete or move them first.`;

/** Why the node may not move, or null. */
export function unmovableText(d: EntityDefinition, row: Node): string | null {
  return flagOff(row, d.tree?.movable) ? `${nameOf(d, row)} can not be moved.` : null;
}

/** Why the node's name may not change, or null. */
export function unrenameableText(d: EntityDefinition, row: Node): string | null {
  return flagOff(row, d.tree?.renameable) ? `${nameOf(d, row)} can not be renamed.` : null;
}

/** Why a row without its secondary key (a group's or category's key) may not be deleted, or null. */
export function unkeyedText(d: EntityDefinition, row: Node): string | null {
  const secondary = d.keys.secondary;
  if (!secondary) return null;
  const value = row[secondary];
  return value === null || value === undefined || value === ''
    ? `${nameOf(d, row)} has no ${secondary.replace(`${d.base}_`, '')} and can not be deleted.`
    : null;
}
