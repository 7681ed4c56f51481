/** Editor items by name: a field, a relation or an extra (button, slot) of the definition. */
import type {
  EditorType,
  EntityDefinition,
  ExtraItem,
  FieldDefinition,
  RelationDefinition,
} from '../../../shared/entities';
import { defaultLabel } from '../../../shared/entities';

export type EditorItem =
  | { kind: 'field'; name: string; type: EditorType; label: string; field: FieldDefinition }
  | {
      kind: 'relation';
      name: string;
      type: EditorType;
      label: string;
      relation: RelationDefinition;
    }
  | { kind: 'extra'; name: string; type: EditorType; label: string; extra: ExtraItem }
  | { kind: 'unknown'; name: string; type: string; label: string };

/**
 * Labels default to the rule of `src/shared/entities/labels.ts` when a definition leaves them
 * empty.
 */
const labelFor = (label: string | undefined, name: string, base: string) =>
  label && label.trim() !== '' ? label : defaultLabel(name, base);

export function resolveItem(definition: EntityDefinition, name: string): EditorItem {
  const base = definition.base;
  const field = definition.fields.find((f) => f.name === name);
  if (field)
    return {
      kind: 'field',
      name,
      type: field.type,
      label: labelFor(field.label, name, base),
      field,
    };
  const relation = definition.relations.find((r) => r.name === name);
  if (relation) {
    return {
      kind: 'relation',
      name,
      type: relation.type,
      label: labelFor(relation.label, name, base),
      relation,
    };
  }
  const extra = definition.extras.find((e) => e.name === name);
  if (extra)
    return {
      kind: 'extra',
      name,
      type: extra.type,
      label: labelFor(extra.label, name, base),
      extra,
    };
  return { kind: 'unknown', name, type: 'unknown', label: labelFor(undefined, name, base) };
}
