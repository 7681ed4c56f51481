/**
 * Text items: input, textarea, url and tel. Saved when the field is left (or Enter
 * on one line); the length limit shows as it is passed: 'Maximum of {n} characters allowed.'
 */
import { Anchor, Textarea, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { maxLengthText } from '../../../shared/limits';
import { textOf } from '../model/format';
import type { FieldItemProps } from './fieldProps';
import { useDraft } from './useDraft';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';

const INPUT_TYPES: Partial<Record<string, string>> = { url: 'url', tel: 'tel' };

export function TextField({ item, label }: FieldItemProps) {
  const source = useSource();
  const { field } = item;
  const binding = useFieldBinding(field, source);
  const stored = textOf(binding.value);
  const draft = useDraft(stored, binding.save);
  const tooLong = field.maxLength !== undefined && draft.text.length > field.maxLength;
  const error = tooLong ? maxLengthText(field.maxLength ?? 0) : binding.error;
  const common = {
    label: label ?? item.label,
    withAsterisk: field.required,
    value: draft.text,
    description: binding.hint,
    error,
    disabled: binding.disabled,
    onChange: (e: { currentTarget: { value: string } }) => {
      binding.follow(e.currentTarget.value);
      draft.change(e.currentTarget.value);
    },
    onBlur: () => void draft.commit(),
    'data-field': field.name,
  };
  if (field.type === 'textarea') {
    return <Textarea {...common} autosize minRows={2} maxRows={12} />;
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') void draft.commit();
  };
  const link = field.type === 'url' && stored && !draft.editing && /^https?:\/\//.test(stored);
  return (
    <TextInput
      {...common}
      type={INPUT_TYPES[field.type] ?? 'text'}
      onKeyDown={onKeyDown}
      rightSection={
        link ? (
          <Anchor href={stored} target="_blank" rel="noreferrer" aria-label={`Open ${item.label}`}>
            ↗
          </Anchor>
        ) : undefined
      }
    />
  );
}
