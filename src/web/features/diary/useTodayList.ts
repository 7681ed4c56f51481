/** Today's appointments in the clinic, in time order (the diary's side panel). */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { diaryApi } from './diaryApi';
import { todayIn } from './diaryTime';
import { rangeKey } from './useDiaryRange';

export function useTodayList(zone: string) {
  const today = todayIn(zone);
  const query = useQuery({
    queryKey: rangeKey(today, today, {}),
    queryFn: ({ signal }) => diaryApi.range(today, today, {}, signal),
  });
  // Steady between reads: the list (memoised) draws again only when they changed.
  const rows = useMemo(
    () => [...(query.data?.appointments ?? [])].sort((a, b) => a.start.localeCompare(b.start)),
    [query.data],
  );
  const loading = query.isPending;
  return useMemo(() => ({ rows, loading }), [rows, loading]);
}
