/**
 * Edit conflicts: every save carries what its user saw — the row's version and
 * the field's value — and a 409 answers who changed the field meanwhile and the row as it is now.
 * The editor then offers to reload (take the colleague's change) or to overwrite deliberately
 * (save again with the current version).
 */
import type { EditConflict, Id, Reply, Row } from './types';

/** `_version` and `_seen` of an update, from the row shown (when it is the row being saved). */
export function seenOf(shown: Row | null, field: string): Row {
  if (!shown || typeof shown._version !== 'number') return {};
  return field in shown
    ? { _version: shown._version, _seen: shown[field] }
    : { _version: shown._version };
}

/** The conflict a refused update answered, or null for any other refusal. */
export function conflictOf(
  reply: Reply,
  id: Id,
  field: string,
  value: unknown,
): EditConflict | null {
  const data = reply.data as { conflict?: { field?: unknown }; entity?: unknown } | null;
  if (reply.ok || !data?.conflict || typeof data.entity !== 'object' || data.entity === null) {
    return null;
  }
  return {
    id,
    field,
    value,
    message: reply.message ?? 'This field was changed by someone else.',
    entity: data.entity as Row,
  };
}
