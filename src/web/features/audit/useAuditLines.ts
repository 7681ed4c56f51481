/**
 * Pages of audit lines from one of the audit calls, newest first, the next page asked for with
 * the last line's id (keyset). Read afresh whenever a view opens: a trail is never stale.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '../../../shared/audit-trail';
import { callData } from '../../api/client';
import { useSession } from '../../session/store';

export function useAuditLines(path: string, payload: Record<string, unknown>, enabled = true) {
  const slug = useSession((s) => s.company_slug);
  const query = useInfiniteQuery({
    queryKey: ['audit', slug, path, payload],
    queryFn: ({ pageParam }) =>
      callData<AuditPage>(path, pageParam ? { ...payload, before_id: pageParam } : payload),
    initialPageParam: 0,
    getNextPageParam: (last: AuditPage) => last.next_before_id ?? undefined,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
  return {
    lines: query.data?.pages.flatMap((p) => p.lines) ?? [],
    /** The first page's views by month, when the call was asked to group them. */
    viewed: query.data?.pages[0]?.viewed,
    loading: enabled && query.isPending,
    failed: query.isError,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

export type AuditLines = ReturnType<typeof useAuditLines>;

const pad = (n: number) => String(n).padStart(2, '0');

/** "24/11/2026 18:52" in the browser's time zone (the server stores UTC). */
export function whenText(at: string): string {
  const d = new Date(at);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
