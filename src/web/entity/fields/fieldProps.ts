/** Props of the item renderers (./renderers.tsx). */
import type { EditorItem } from './items';

type FieldItem = Extract<EditorItem, { kind: 'field' }>;
type RelationItem = Extract<EditorItem, { kind: 'relation' }>;
type ExtraItemOf = Extract<EditorItem, { kind: 'extra' }>;

export interface FieldItemProps {
  item: FieldItem;
  /** Overrides the item's label (filters and the add dialog reuse renderers). */
  label?: string;
}

export interface RelationItemProps {
  item: RelationItem;
}

export interface ExtraItemProps {
  item: ExtraItemOf;
}
