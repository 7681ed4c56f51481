/**
 * The Fastify application: security headers, compression, a body limit, `POST /api/*` through the
 * dispatcher, and the built web app with an index.html fallback for client routes.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Services } from '../services';
import type { CallRegistry } from './calls';
import { dispatch, envelopeOf } from './dispatch';
import { startSessionListener } from '../auth/session-listener';
import { registerAvatarRoute } from '../users/avatar-route';
import { registerRateLimits } from './rate-limits';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  services: Services;
  registry: CallRegistry;
  webRoot?: string | null;
  /**
   * The database URL the session cache's change listener connects to; without it (or with
   * SESSION_CACHE=off) every call reads its session from the database.
   */
  sessionListenUrl?: string | null;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, redact: ['req.headers.authorization'] };
}

export async function buildApp(
  options: AppOptions,
  fastifyOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const { services, registry } = options;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // Only a trusted proxy may say who the client is; else anyone could dodge per-address limits.
    trustProxy: services.config.trustProxy,
    // Per-request lines would drown the log at clinic load; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    ...fastifyOptions,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await registerRateLimits(app, services);

  if (options.sessionListenUrl && services.config.sessionCache) {
    const listener = startSessionListener(options.sessionListenUrl, services, services.log);
    app.addHook('onClose', () => listener.stop());
  }

  // Every failure before the dispatcher (bad JSON, too large, wrong type) still gets the envelope.
  app.setErrorHandler(
    (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      const text =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `The request is too large (at most ${BODY_LIMIT_BYTES / 1024} KB).`
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request as JSON (Content-Type: application/json).'
            : status < 500
              ? `The request is not valid JSON: ${error.message}`
              : 'Something went wrong on the server; nothing was saved.';
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      void reply.code(status).send(envelopeOf(services, false, null, [{ type: 'e', text }]));
    },
  );

  app.post<{ Params: { '*': string } }>('/api/*', async (request, reply) => {
    const outcome = await dispatch(services, registry, request.params['*'], request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    return reply
      .code(outcome.status)
      .headers({ 'cache-control': 'no-store', ...outcome.headers })
      .send(outcome.envelope);
  });

  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH'],
    url: '/api/*',
    handler: async (_request, reply) =>
      reply
        .code(405)
        .send(
          envelopeOf(services, false, null, [
            { type: 'e', text: 'API calls use POST with a JSON body.' },
          ]),
        ),
  });

  registerAvatarRoute(app, services);

  const webRoot = options.webRoot;
  if (webRoot && existsSync(join(webRoot, 'index.html'))) {
    // Files are looked up per request (wildcard), so a rebuild under a running server is served
    // as soon as it is written. Hashed assets never change; everything else is revalidated.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        void reply.header(
          'cache-control',
          path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // Client routes (/app/..., /password-reset, ...) are the single-page app's to answer.
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
      const isFile = /\.[a-z0-9]+(\?|$)/i.test(request.url.split('/').pop() ?? '');
      if (!isPage || isFile) return reply.code(404).type('text/plain').send('Not found');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
