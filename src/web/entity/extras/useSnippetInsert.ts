/**
 * Putting a snippet into the letter being written: its text (merge fields kept as placeholders,
 * filled when printed) goes in at the cursor and is saved, then the snippet is linked to the
 * letter (`patientletters/add_snippets`) so the Snippets section lists it.
 */
import { useCallback, useState } from 'react';
import { callData } from '../../api/client';
import { useEntityScope } from '../hooks/entityContext';
import type { Id } from '../model/types';

export function useSnippetInsert(insert: (content: string) => Promise<boolean>) {
  const { store } = useEntityScope();
  const [busy, setBusy] = useState(false);
  const insertSnippet = useCallback(
    async (snippetId: Id) => {
      setBusy(true);
      try {
        const snippet = await callData<{ snippet_body?: unknown }>(
          'snippets/get',
          { snippet_id: snippetId },
          {},
        );
        const body = typeof snippet.snippet_body === 'string' ? snippet.snippet_body : '';
        if (body && (await insert(body))) {
          await store.getState().addRelation('snippets', [snippetId]);
        }
      } catch {
        // callData has shown the refusal (e.g. the snippet was deleted meanwhile).
      } finally {
        setBusy(false);
      }
    },
    [insert, store],
  );
  return { insertSnippet, busy };
}
