import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { useTestServer } from '../support/test-env';

const env = useTestServer();

describe('envelope', () => {
  it('refuses a call without a company slug with the fixed text', async () => {
    const reply = await call(env.server, null, 'users/check_authentication');
    expect(reply.status).toBe(400);
    expect(reply.result).toBe(false);
    expect(reply.messages).toEqual([{ type: 'e', text: 'Sorry company slug is missing.' }]);
  });

  it('names an unknown call', async () => {
    const reply = await call(env.server, env.company, 'nothing/here');
    expect(reply.status).toBe(404);
    expect(reply.messages[0]?.text).toBe('There is no call named "nothing/here".');
  });

  it('says when the company is not known, and nothing more', async () => {
    const reply = await call(env.server, { slug: 'no-such-clinic' }, 'users/check_authentication');
    expect(reply.status).toBe(404);
    expect(reply.messages[0]?.text).toBe('Sorry, this clinic is not known here.');
  });

  it('answers malformed JSON with the envelope, never a 500', async () => {
    const response = await env.server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"_company_slug": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: false, messages: [{ type: 'e' }] });
  });

  it('refuses a body over the limit with the envelope', async () => {
    const response = await env.server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ _company_slug: env.company.slug, padding: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      result: false,
      messages: [{ type: 'e', text: 'The request is too large (at most 1024 KB).' }],
    });
  });

  it('sends security headers and never caches replies', async () => {
    const response = await env.server.app.inject({
      method: 'POST',
      url: '/api/modules/get_public_settings',
      payload: { _company_slug: env.company.slug },
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a GET on the API with the envelope', async () => {
    const response = await env.server.app.inject({ method: 'GET', url: '/api/users/login' });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toMatchObject({ result: false });
  });
});
