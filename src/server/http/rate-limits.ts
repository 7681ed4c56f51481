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

export type RateLimits = Readonly<Record<string, number>>;

const RATE_LIMIT_WINDOW_MS = 60_000;

/** Calls per minute per address: well above what a clinic behind one NAT address makes. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  'captcha/challenge': 60,
  'users/login': 120,
  'users/login_status': 300,
  'users/request_password_reset': 60,
  'users/reset_password': 60,
  'modules/get_public_settings': 600,
  'modules/fetch_public_settings': 600,
};

export const formatRateLimits = (limits: RateLimits): string =>
  Object.entries(limits)
    .map(([path, max]) => `${path}=${max}`)
    .join(',');

/**
 * RATE_LIMITS: `off`, or `call=perMinute` pairs separated by commas; the calls not named keep
 * their default. Throws a message naming the wrong part.
 */
export function parseRateLimits(text: string): RateLimits {
  if (text.trim() === 'off') return {};
  const limits: Record<string, number> = { ...DEFAULT_RATE_LIMITS };
  for (const part of text.split(',').filter((p) => p.trim())) {
    const [path = '', max = ''] = part.split('=').map((s) => s.trim());
    if (!(path in DEFAULT_RATE_LIMITS))
      throw new Error(`names "${path}", which is not one of ${Object.keys(limits).join(', ')}`);
    if (!/^\d+$/.test(max) || Number(max) < 1)
      throw new Error(`sets "${path}" to "${max}", which is not a whole number from 1`);
    limits[path] = Number(max);
  }
  return limits;
}

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
