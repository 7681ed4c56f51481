/**
 * Rich text (`html` fields): the Tiptap editor of @mantine/tiptap, in a chunk of its own
 * (≈165 KB gzip). An entity's field may add tools to the toolbar (merge fields,
 * snippets; ../extras/richTextTools.ts), which load in this chunk too.
 */
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.layer.css';
import { richTextToolsOf } from '../extras/richTextTools';
import type { FieldItemProps } from './fieldProps';
import { useSource } from './source';
import { useRichText } from './useRichText';

export function RichTextField({ item, label }: FieldItemProps) {
  const source = useSource();
  const name = label ?? item.label;
  const { editor, binding, insert } = useRichText(item.field, source, name);
  const tools = richTextToolsOf(source.definition, item.field.name);

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
            {tools.map((Tool, index) => (
              <Tool key={index} insert={insert} record={source.record} />
            ))}
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
