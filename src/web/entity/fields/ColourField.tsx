/** Colours as #rrggbb, picked or typed; saved when the field is left. */
import { ColorInput } from '@mantine/core';
import type { FieldItemProps } from './fieldProps';
import { useDraft } from './useDraft';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';

export function ColourField({ item, label }: FieldItemProps) {
  const source = useSource();
  const binding = useFieldBinding(item.field, source);
  const stored = typeof binding.value === 'string' ? binding.value : '';
  const draft = useDraft(stored, (text) => binding.save(text.trim().toLowerCase()));
  const name = label ?? item.label;
  return (
    <ColorInput
      label={name}
      description={binding.hint}
      error={binding.error}
      disabled={binding.disabled}
      value={draft.text}
      format="hex"
      onChange={(next) => {
        binding.setError(null);
        draft.change(next);
      }}
      onBlur={() => void draft.commit()}
      data-field={item.field.name}
      popoverProps={{ withinPortal: true }}
      // Its icon-only eye-dropper button needs a name of its own (axe: button-name).
      eyeDropperButtonProps={{ 'aria-label': `Pick the ${name.toLowerCase()} from the screen` }}
    />
  );
}
