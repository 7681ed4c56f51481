/**
 * The warning about a row that already exists: "A patient named Bulk, Ann (Date of birth
 * 02/03/1980) already exists." — the row's name, and the checked values its name does not show.
 */
import type { EntityDefinition } from '../../../shared/entities';
import { fieldOf } from '../../../shared/entities';
import { displayDate } from './format';
import { labelOf } from './rows';
import type { Row } from './types';

export function duplicateText(definition: EntityDefinition, row: Row): string {
  const name = labelOf(definition, row);
  const others = definition.list.duplicateCheck.flatMap((field) => {
    const def = fieldOf(definition, field);
    if (!def || def.value !== 'date') return [];
    return [`${def.label} ${displayDate(row[field])}`];
  });
  const extra = others.length > 0 ? ` (${others.join(', ')})` : '';
  return `A ${definition.singular} named ${name}${extra} already exists.`;
}
