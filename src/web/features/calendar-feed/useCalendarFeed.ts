/**
 * The user's own calendar feed: whether they have one (`calendar_feeds/get`) and making or
 * renewing it (`calendar_feeds/renew`, asked to confirm when it replaces an address in use). The
 * address is known only right after a renewal: the server keeps just its digest.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  CALENDAR_FEED_CALLS,
  type CalendarFeedState,
  type RenewedFeed,
} from '../../../shared/diary/calendar-feeds';
import { call, callData } from '../../api/client';
import { confirm } from '../confirm/confirm';

const KEY = ['calendar-feed'];
const RENEW_QUESTION =
  'Make a new address for your calendar feed? The address you use now stops working, so calendars subscribed to it must be given the new one.';

export function useCalendarFeed() {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: KEY,
    queryFn: () => callData<CalendarFeedState>(CALENDAR_FEED_CALLS.get),
  });
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const renew = useCallback(async () => {
    if (state.data?.created_at && !(await confirm(RENEW_QUESTION))) return;
    setPending(true);
    const envelope = await call<RenewedFeed>(CALENDAR_FEED_CALLS.renew, {}, { silent: true }).catch(
      () => null,
    );
    setPending(false);
    if (!envelope?.result) {
      setProblem(envelope?.messages.map((m) => m.text).join(' ') || 'The feed could not be made.');
      return;
    }
    setProblem(null);
    setUrl(envelope.data.url);
    client.setQueryData(KEY, {
      user_id: envelope.data.user_id,
      created_at: envelope.data.created_at,
    });
  }, [client, state.data?.created_at]);

  return {
    createdAt: state.data?.created_at ?? null,
    loaded: state.isSuccess,
    url,
    problem,
    pending,
    renew,
  };
}
