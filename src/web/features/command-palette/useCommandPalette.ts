/**
 * The command palette's logic, UI-free: the typed query, the server's search of it
 * (`search/everywhere`, a request per keystroke; a superseded request is cancelled, and only the
 * newest query's answer is shown), the actions and screens the user may use, and opening an item.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { tooManySearchWords } from '../../../shared/filters';
import { SEARCH_WORDS_TEXT } from '../../../shared/limits';
import { isAdmin } from '../../../shared/privileges';
import { searchesRecords, type EverywhereGroup } from '../../../shared/search-everywhere';
import { callData } from '../../api/client';
import { usePrivileges } from '../../session/queries';
import { useSession } from '../../session/store';
import { useNavItems } from '../navigation/useNavItems';
import { commandGroups, recordGroups, type PaletteItem } from './paletteItems';
import { ADD_REQUEST } from './useAddRequested';

/**
 * Whether `text` is looked up among the records: not while it has more words than a search may
 * (the server would refuse it, and the palette asks quietly, so the refusal would show nothing).
 */
const looksUp = (text: string) => searchesRecords(text) && !tooManySearchWords(text);

/** The server's search of `text`; who asks is part of the key: another user's answer is never shown. */
const searchOf = (slug: string | null, userId: number | null, text: string) =>
  queryOptions({
    queryKey: ['search/everywhere', slug, userId, text],
    // The signal cancels the request once a newer query takes over (it has no observer left).
    queryFn: ({ signal }) =>
      callData<EverywhereGroup[]>('search/everywhere', { text }, { quiet: true, signal }),
    staleTime: 30_000,
  });

export function useCommandPalette() {
  const [query, setQueryState] = useState('');
  // Not debounced: a typist's keystrokes are 100–200 ms apart and the answer takes ≈ 15 ms, so a
  // debounce would only add its own wait to the 50 ms budget; a paste is one change anyway.
  const text = query.trim();
  const looksUpRecords = looksUp(text);
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const queryClient = useQueryClient();
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  const privileges = usePrivileges().data;
  const screens = useNavItems();
  const navigate = useNavigate();

  const found = useQuery({
    ...searchOf(slug, userId, text),
    enabled: looksUpRecords && userId !== null,
    placeholderData: keepPreviousData,
  });

  /**
   * The request leaves with the keystroke, before React renders it (measured 6–17 ms of render
   * before the query's own fetch started); the render's query then finds it under way.
   */
  const setQuery = useCallback(
    (next: string) => {
      const nextText = next.trim();
      if (looksUp(nextText) && userId !== null)
        void queryClient.prefetchQuery(searchOf(slug, userId, nextText));
      setQueryState(next);
    },
    [queryClient, slug, userId],
  );

  const groups = useMemo(
    () => [
      ...(looksUpRecords ? recordGroups(found.data ?? []) : []),
      ...commandGroups(screens, { admin, privileges: privileges ?? [] }, query),
    ],
    [found.data, looksUpRecords, query, screens, admin, privileges],
  );

  // One function for every render: the rows' groups are memoised on it.
  const open = useCallback(
    (item: PaletteItem) =>
      void navigate(item.to, item.add ? { state: { [ADD_REQUEST]: true } } : undefined),
    [navigate],
  );

  return {
    query,
    setQuery,
    groups,
    /** Why the records are not searched, when the text has too many words. */
    notice: tooManySearchWords(text) ? SEARCH_WORDS_TEXT : null,
    /** Still looking: the newest query has no answer yet. */
    searching: found.isFetching,
    open,
  };
}
