/**
 * The command palette's logic, UI-free: the typed query, the server's search of it
 * (`search/everywhere`, a request per keystroke; a superseded request is cancelled, and only the
 * newest query's answer is shown), the actions and screens the user may use, and opening an item.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isAdmin } from '../../../shared/privileges';
import { searchesRecords, type EverywhereGroup } from '../../../shared/search-everywhere';
import { callData } from '../../api/client';
import { usePrivileges } from '../../session/queries';
import { useSession } from '../../session/store';
import { useNavItems } from '../navigation/useNavItems';
import { commandGroups, recordGroups, type PaletteItem } from './paletteItems';
import { ADD_REQUEST } from './useAddRequested';

export function useCommandPalette() {
  const [query, setQuery] = useState('');
  // Not debounced: a typist's keystrokes are 100–200 ms apart and the answer takes ≈ 15 ms, so a
  // debounce would only add its own wait to the 50 ms budget; a paste is one change anyway.
  const text = query.trim();
  const looksUpRecords = searchesRecords(text);
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  const privileges = usePrivileges().data;
  const screens = useNavItems();
  const navigate = useNavigate();

  const found = useQuery({
    // Who asks is part of the key: another user's answer is never shown.
    queryKey: ['search/everywhere', slug, userId, text],
    // The signal cancels the request once a newer query takes over (it has no observer left).
    queryFn: ({ signal }) =>
      callData<EverywhereGroup[]>('search/everywhere', { text }, { quiet: true, signal }),
    enabled: looksUpRecords && userId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const groups = useMemo(
    () => [
      ...(looksUpRecords ? recordGroups(found.data ?? []) : []),
      ...commandGroups(screens, { admin, privileges: privileges ?? [] }, query),
    ],
    [found.data, looksUpRecords, query, screens, admin, privileges],
  );

  return {
    query,
    setQuery,
    groups,
    /** Still looking: the newest query has no answer yet. */
    searching: found.isFetching,
    open: (item: PaletteItem) =>
      void navigate(item.to, item.add ? { state: { [ADD_REQUEST]: true } } : undefined),
  };
}
