/**
 * The Tiptap editor of a rich-text field (`html`), UI-free: saved when the editor is
 * left, trimmed, a lone line break empty (the shared rule normalises before comparing and
 * sending). `insert` puts text or markup at the cursor — at the end while nobody has placed a
 * cursor yet — and saves at once, for the toolbar's merge fields and snippets.
 */
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useCallback, useEffect, useRef } from 'react';
import { normaliseRichText } from '../../../shared/entities/rules';
import { useFieldBinding } from './useFieldBinding';
import type { EditorSource } from './source';
import type { FieldDefinition } from '../../../shared/entities';

export function useRichText(field: FieldDefinition, source: EditorSource, name: string) {
  const binding = useFieldBinding(field, source);
  const stored = typeof binding.value === 'string' ? binding.value : '';
  const latest = useRef({ stored, save: binding.save });
  latest.current = { stored, save: binding.save };
  const placedCursor = useRef(false);

  const commit = useCallback((current: Editor) => {
    const html = normaliseRichText(current.getHTML());
    const { stored: before, save } = latest.current;
    if (html === normaliseRichText(before)) return Promise.resolve(true);
    return save(html).then((ok) => {
      if (!ok) current.commands.setContent(latest.current.stored, { emitUpdate: false });
      return ok;
    });
  }, []);

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: stored,
    editable: !binding.disabled,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': name, role: 'textbox', 'aria-multiline': 'true' },
    },
    onFocus: () => {
      placedCursor.current = true;
    },
    onBlur: ({ editor: current }) => void commit(current),
  });

  // Another row, or the stored text changed elsewhere: show it unless the user is typing.
  useEffect(() => {
    // StrictMode mounts twice: the first editor is destroyed and has no schema any more.
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    if (normaliseRichText(editor.getHTML()) !== normaliseRichText(stored)) {
      editor.commands.setContent(stored, { emitUpdate: false });
      placedCursor.current = false; // a new text: inserts go at its end until a cursor is placed
    }
  }, [editor, stored]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!binding.disabled);
  }, [editor, binding.disabled]);

  const insert = useCallback(
    (content: string) => {
      if (!editor || editor.isDestroyed) return Promise.resolve(false);
      editor
        .chain()
        .focus(placedCursor.current ? undefined : 'end')
        .insertContent(content)
        .run();
      return commit(editor);
    },
    [editor, commit],
  );

  return { editor, binding, insert };
}
