/** Today's appointments in the clinic, in time order (the diary's side panel). */
import { useQuery } from '@tanstack/react-query';
import { diaryApi } from './diaryApi';
import { todayIn, viewRange } from './diaryTime';
import { rangeKey } from './useDiaryRange';

export function useTodayList(zone: string) {
  const { from, to } = viewRange('day', todayIn(zone), zone);
  const query = useQuery({
    queryKey: rangeKey(from, to, {}),
    queryFn: ({ signal }) => diaryApi.range(from, to, {}, signal),
  });
  const rows = [...(query.data ?? [])].sort((a, b) =>
    a.appointment_start.localeCompare(b.appointment_start),
  );
  return { rows, loading: query.isPending };
}
