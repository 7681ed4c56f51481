/**
 * GET /feeds/{slug}/{token}.ics: a practitioner's appointments as iCalendar text, for a calendar
 * app to subscribe to. No login (calendar apps send none); the token is the key. An unknown
 * clinic, token or renewed-away token answers the same 404. Limited per address like the public
 * calls (RATE_LIMITS `calendar_feeds/feed`): calendar apps poll every few minutes at most.
 */
import type { FastifyInstance } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { FEED_PATH } from '../../shared/diary/calendar-feeds';
import { rateLimitText } from '../http/rate-limits';
import type { Services } from '../services';
import { feedCalendar } from './service';

/** Its RATE_LIMITS name (http/rate-limit-settings.ts). */
const FEED_RATE_LIMIT = 'calendar_feeds/feed';

const notFound = { 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' };

export function registerCalendarFeedRoute(app: FastifyInstance, services: Services): void {
  const max = services.config.rateLimits[FEED_RATE_LIMIT];
  const limited = max
    ? app.rateLimit({
        max,
        timeWindow: 60_000,
        keyGenerator: (request) => `${normalizeIP(request.ip, 64)} ${FEED_RATE_LIMIT}`,
        errorResponseBuilder: (_request, context) => {
          const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
          return { statusCode: 429, seconds, message: rateLimitText(seconds) };
        },
      })
    : undefined;
  app.get<{ Params: { slug: string; file: string } }>(
    `${FEED_PATH}/:slug/:file`,
    limited ? { onRequest: limited } : {},
    async (request, reply) => {
      const { slug, file } = request.params;
      const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
      const text = token ? await feedCalendar(services, slug, token) : null;
      if (text === null) return reply.code(404).headers(notFound).send('Not found');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="diary.ics"')
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(text);
    },
  );
}
