/**
 * The dashboard's first version: how many main records there are (from `{entities}/list`; a call
 * that is missing or refused shows as unavailable) and the user's favourites.
 */
import { useQueries } from '@tanstack/react-query';
import { callData } from '../../api/client';
import { useSession } from '../../session/store';
import { useFavourites } from '../navigation/useFavourites';
import { useNavItems } from '../navigation/useNavItems';

export const MAIN_RECORDS = [
  'patients',
  'prescriptions',
  'patientletters',
  'herbs',
  'dispensary_products',
  'products',
] as const;

/** Counting reads at most this many rows; more shows as "500+". */
export const COUNT_LIMIT = 500;

export interface RecordCount {
  name: string;
  label: string;
  to: string;
  count: number | null;
  more: boolean;
  loading: boolean;
}

export function useDashboard() {
  const slug = useSession((s) => s.company_slug);
  const user = useSession((s) => s.user);
  const items = useNavItems().filter((item) =>
    (MAIN_RECORDS as readonly string[]).includes(item.name),
  );
  const results = useQueries({
    queries: items.map((item) => ({
      queryKey: ['count', slug, user?.user_id ?? null, item.name],
      queryFn: async () => {
        const rows = await callData<unknown[]>(`${item.name}/list`, {
          page: 1,
          limit: COUNT_LIMIT,
          filters: {},
        });
        return Array.isArray(rows) ? rows.length : null;
      },
      staleTime: 60_000,
    })),
  });
  const counts: RecordCount[] = items.map((item, index) => {
    const result = results[index];
    const count = typeof result?.data === 'number' ? result.data : null;
    return {
      name: item.name,
      label: item.label,
      to: item.to,
      count,
      more: count !== null && count >= COUNT_LIMIT,
      loading: Boolean(result?.isLoading),
    };
  });
  return { firstName: user?.user_first_name ?? '', counts, favourites: useFavourites().favourites };
}
