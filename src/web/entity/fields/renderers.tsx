/**
 * The renderer of each editor type and item kind. Unknown types (or a type on the wrong kind of
 * item) show as an input labelled 'Unknown field type'. The rich text editor loads lazily in a
 * chunk of its own.
 */
import { Skeleton, TextInput } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { withTimeout } from '../../app/lazy';
import type { EditorType } from '../../../shared/entities';
import { ChoiceField } from './ChoiceField';
import { ColourField } from './ColourField';
import { DateField } from './DateField';
import { ButtonField, SlotField } from './ExtraFields';
import { textOf } from '../model/format';
import type { ExtraItemProps, FieldItemProps, RelationItemProps } from './fieldProps';
import { resolveItem, type EditorItem } from './items';
import { NumberField } from './NumberField';
import { ReferenceField, TreeSelectField } from './PickerFields';
import { RelationField } from './RelationField';
import { TextField } from './TextField';
import { ToggleField } from './ToggleField';
import { useSource } from './source';

const UNKNOWN_TYPE_TEXT = 'Unknown field type';

const RichTextField = lazy(async () => ({
  default: (await withTimeout(import('./RichTextField'))).RichTextField,
}));

function HtmlField(props: FieldItemProps) {
  return (
    // A name needs a role: on a bare div axe reports aria-label as prohibited (seen on a slow
    // machine, where the editor's code came after axe looked).
    <Suspense
      fallback={<Skeleton height={160} role="status" aria-label={`Loading ${props.item.label}`} />}
    >
      <RichTextField {...props} />
    </Suspense>
  );
}

interface Renderer {
  field?: ComponentType<FieldItemProps>;
  relation?: ComponentType<RelationItemProps>;
  extra?: ComponentType<ExtraItemProps>;
}

const RENDERERS: Readonly<Record<EditorType, Renderer>> = {
  input: { field: TextField },
  textarea: { field: TextField },
  url: { field: TextField },
  tel: { field: TextField },
  number: { field: NumberField },
  button: { extra: ButtonField },
  toggle: { field: ToggleField },
  simple_relation: { relation: RelationField },
  single_select_relation: { field: ReferenceField },
  select_relation: { relation: RelationField },
  select: { field: ChoiceField },
  select_buttons: { field: ChoiceField },
  colour: { field: ColourField },
  tree_select: { field: TreeSelectField },
  date: { field: DateField },
  html: { field: HtmlField },
  slot: { extra: SlotField },
};

function UnknownField({ item }: { item: EditorItem }) {
  const source = useSource();
  const value = source.values[item.name];
  return (
    <TextInput
      label={UNKNOWN_TYPE_TEXT}
      description={item.label}
      value={textOf(value)}
      readOnly
      disabled
      data-field={item.name}
    />
  );
}

export function ItemView({ item, label }: { item: EditorItem; label?: string }) {
  const renderer = (RENDERERS as Partial<Record<string, Renderer>>)[item.type];
  switch (item.kind) {
    case 'field': {
      const Field = renderer?.field;
      return Field ? <Field item={item} label={label} /> : <UnknownField item={item} />;
    }
    case 'relation': {
      const Relation = renderer?.relation;
      return Relation ? <Relation item={item} /> : <UnknownField item={item} />;
    }
    case 'extra': {
      const Extra = renderer?.extra;
      return Extra ? <Extra item={item} /> : <UnknownField item={item} />;
    }
    case 'unknown':
      return <UnknownField item={item} />;
  }
}

/** An editor item by name, drawn by its renderer. */
export function EditorItemView({ name }: { name: string }) {
  const source = useSource();
  return <ItemView item={resolveItem(source.definition, name)} />;
}
