/**
 * Rich text (SPEC §3.2 html, §5): the Tiptap editor of @mantine/tiptap, in a chunk of its own
 * (≈165 KB gzip, DESIGN §1). Saved when the editor is left; trimmed, and a lone line break
 * becomes empty (the shared rule normalises before the value is compared and sent).
 */
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { normaliseRichText } from '../../../shared/entities/rules';
import type { FieldItemProps } from './fieldProps';
import { useFieldBinding } from './useFieldBinding';
import { useSource } from './source';

export function RichTextField({ item, label }: FieldItemProps) {
  const source = useSource();
  const binding = useFieldBinding(item.field, source);
  const stored = typeof binding.value === 'string' ? binding.value : '';
  const latest = useRef({ stored, save: binding.save });
  latest.current = { stored, save: binding.save };
  const name = label ?? item.label;

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: stored,
    editable: !binding.disabled,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': name, role: 'textbox', 'aria-multiline': 'true' },
    },
    onBlur: ({ editor: current }) => {
      const html = normaliseRichText(current.getHTML());
      const { stored: before, save } = latest.current;
      if (html === normaliseRichText(before)) return;
      void save(html).then((ok) => {
        if (!ok) current.commands.setContent(latest.current.stored, { emitUpdate: false });
      });
    },
  });

  // Another row, or the stored text changed elsewhere: show it unless the user is typing.
  useEffect(() => {
    // StrictMode mounts twice: the first editor is destroyed and has no schema any more.
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    if (normaliseRichText(editor.getHTML()) !== normaliseRichText(stored)) {
      editor.commands.setContent(stored, { emitUpdate: false });
    }
  }, [editor, stored]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!binding.disabled);
  }, [editor, binding.disabled]);

  return (
    <Input.Wrapper
      label={name}
      labelElement="div"
      description={binding.hint}
      error={binding.error}
      data-field={item.field.name}
    >
      <RichTextEditor editor={editor} mt={4}>
        {!binding.disabled && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
