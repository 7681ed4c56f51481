/** The staff calls of calendar feeds (./service.ts says who may do what). */
import { z } from 'zod';
import { CALENDAR_FEED_CALLS } from '../../shared/diary/calendar-feeds';
import { defineCall, type CallDefinition } from '../http/calls';
import { getFeed, renewFeed } from './service';

/** Absent: the caller's own feed. */
const whose = z.object({ user_id: z.number().int().positive().optional() }).strict();

export const calendarFeedCalls: CallDefinition[] = [
  defineCall({
    path: CALENDAR_FEED_CALLS.get,
    access: 'user',
    input: whose,
    handler: async (ctx, input) => ({ data: await getFeed(ctx, input) }),
  }),
  defineCall({
    path: CALENDAR_FEED_CALLS.renew,
    access: 'user',
    input: whose,
    handler: async (ctx, input) => ({
      data: await renewFeed(ctx, input),
      messages: [
        {
          type: 's',
          text: 'Your calendar feed has a new address; the old one no longer works.',
        },
      ],
    }),
  }),
];
