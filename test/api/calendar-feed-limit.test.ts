/**
 * The public feed address is limited per client address (RATE_LIMITS `calendar_feeds/feed`, set
 * small here): over the limit it answers 429 with Retry-After, and another address goes on.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-env';

const env = useTestServer({ config: { RATE_LIMITS: 'calendar_feeds/feed=2' } });

const fetchFrom = (address: string) =>
  env.server.app.inject({
    method: 'GET',
    url: `/feeds/${env.company.slug}/${'A'.repeat(43)}.ics`,
    remoteAddress: address,
  });

describe('the calendar feed address', () => {
  it('is limited per client address', async () => {
    expect((await fetchFrom('10.1.0.1')).statusCode).toBe(404);
    expect((await fetchFrom('10.1.0.1')).statusCode).toBe(404);
    const over = await fetchFrom('10.1.0.1');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fetchFrom('10.1.0.2')).statusCode).toBe(404);
  });
});
