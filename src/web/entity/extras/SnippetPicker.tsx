/** Finds a snippet by typing and puts it into the letter at the cursor. */
import { Box } from '@mantine/core';
import { TypeaheadSelect } from '../pickers/TypeaheadSelect';
import type { RichTextToolProps } from './richTextToolProps';
import { useSnippetInsert } from './useSnippetInsert';

export function SnippetPicker({ insert, record }: RichTextToolProps) {
  const { insertSnippet, busy } = useSnippetInsert(insert);
  if (!record) return null;
  return (
    <Box w={240}>
      <TypeaheadSelect
        entities="snippets"
        value={null}
        onChange={(id) => {
          if (id !== null) void insertSnippet(id);
        }}
        label="Insert snippet"
        placeholder="Type to find a snippet"
        disabled={busy}
        clearable={false}
      />
    </Box>
  );
}
