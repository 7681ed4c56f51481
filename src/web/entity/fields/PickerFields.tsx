/**
 * Fields that hold the id of another row: a single select relation found by typing,
 * and a tree select of categories under the field's root. Both save at once.
 */
import type { FieldItemProps } from './fieldProps';
import { CategorySelect } from '../pickers/CategorySelect';
import { TypeaheadSelect } from '../pickers/TypeaheadSelect';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';

const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

export function ReferenceField({ item, label }: FieldItemProps) {
  const source = useSource();
  const { field } = item;
  const binding = useFieldBinding(field, source);
  const knownLabel = source.values[`${field.name}_label`];
  return (
    <TypeaheadSelect
      entities={field.references ?? ''}
      where={field.pickWhere}
      value={idOrNull(binding.value)}
      knownLabel={typeof knownLabel === 'string' ? knownLabel : null}
      onChange={(id) => void binding.save(id)}
      label={label ?? item.label}
      description={binding.hint}
      error={binding.error}
      disabled={binding.disabled}
      clearable={!field.required}
      withAsterisk={field.required}
      data-field={field.name}
    />
  );
}

export function TreeSelectField({ item, label }: FieldItemProps) {
  const source = useSource();
  const { field } = item;
  const binding = useFieldBinding(field, source);
  return (
    <CategorySelect
      rootKey={field.categoryRoot}
      value={idOrNull(binding.value)}
      onChange={(id) => void binding.save(id)}
      label={label ?? item.label}
      description={binding.hint}
      error={binding.error}
      disabled={binding.disabled}
      data-field={field.name}
    />
  );
}
