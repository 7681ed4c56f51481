/**
 * Per-address request limits on the public calls (the ones anybody can make without a login):
 * each key derivation of `captcha/challenge`, each password check of `users/login` costs the
 * server real work, and without a limit one address could slow every clinic down. Counted per
 * client address and call, per minute, in this server's memory (@fastify/rate-limit); a refused
 * call gets the envelope, status 429, Retry-After and a message in words. Set by RATE_LIMITS.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { envelopeOf } from './dispatch';

const RATE_LIMIT_WINDOW_MS = 60_000;

export const rateLimitText = (seconds: number) =>
  `Too many requests from your address. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** What the limiter throws when an address is over its limit; answered below, not as an error. */
class RateLimited {
  constructor(readonly seconds: number) {}
}

/** The call a request makes (`/api/users/login?x` → `users/login`), or null for anything else. */
function callOf(request: FastifyRequest): string | null {
  if (request.method !== 'POST' || !request.url.startsWith('/api/')) return null;
  return request.url.slice('/api/'.length).split('?')[0] ?? null;
}

export async function registerRateLimits(app: FastifyInstance, services: Services): Promise<void> {
  const limits = services.config.rateLimits;
  const limitOf = (request: FastifyRequest): number | undefined => {
    const call = callOf(request);
    return call === null ? undefined : limits[call];
  };
  await app.register(rateLimit, { global: false });
  const limiter = app.rateLimit({
    timeWindow: RATE_LIMIT_WINDOW_MS,
    max: (request) => limitOf(request) ?? 0,
    // An IPv6 client holds a whole /64: counted as one address, or it could rotate past the limit.
    keyGenerator: (request) => `${normalizeIP(request.ip, 64)} ${callOf(request)}`,
    allowList: (request) => limitOf(request) === undefined,
    errorResponseBuilder: (_request, context) =>
      new RateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  app.addHook('onRequest', async (request, reply) => {
    // Most calls have no limit: skip the limiter's key and store work for them.
    if (limitOf(request) === undefined) return undefined;
    try {
      await limiter.call(app, request, reply);
      return undefined;
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
      // Returning the reply tells Fastify it is answered: the route never runs.
      return reply
        .code(429)
        .header('retry-after', String(error.seconds))
        .header('cache-control', 'no-store')
        .send(
          envelopeOf(services, false, null, [{ type: 'e', text: rateLimitText(error.seconds) }]),
        );
    }
  });
}
