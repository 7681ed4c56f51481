/** Row locks (EntityDefinition.lockedWhen): the web disables a locked row, the server refuses it. */
import type { EntityDefinition } from './types';

/** Why the row can not be changed, or null when it can. */
export function lockText(
  definition: Pick<EntityDefinition, 'lockedWhen'>,
  row: Readonly<Record<string, unknown>> | null | undefined,
): string | null {
  const lock = definition.lockedWhen;
  return lock && row?.[lock.field] === lock.value ? lock.text : null;
}
