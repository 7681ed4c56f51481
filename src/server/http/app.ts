/**
 * The Fastify application: security headers, compression, a body limit, `POST /api/*` through the
 * dispatcher, and the built web app with an index.html fallback for client routes.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Services } from '../services';
import type { CallRegistry } from './calls';
import { dispatch, envelopeOf } from './dispatch';
import {
  BODY_LIMIT_BYTES,
  IMPORT_BODY_LIMIT_BYTES,
  IMPORT_ROUTE,
  sendFailure,
  sendNotFound,
  type RequestFailure,
} from './error-replies';
import { startSessionListener } from '../auth/session-listener';
import { syncAllCompanies } from '../modules/sync';
import { registerAvatarRoute } from '../users/avatar-route';
import { registerCalendarFeedRoute } from '../calendar-feeds/feed-route';
import { writeDownload, type WrittenDownload } from '../exports/reply';
import { registerRateLimits } from './rate-limits';
import { addSecurityHeaders } from './security-headers';
import { registerObservability } from '../observability/routes';
import type { Database } from '../db/database';

export { BODY_LIMIT_BYTES };

interface AppOptions {
  services: Services;
  registry: CallRegistry;
  webRoot?: string | null;
  /**
   * The database URL the session cache's change listener connects to; without it (or with
   * SESSION_CACHE=off) every call reads its session from the database.
   */
  sessionListenUrl?: string | null;
  /** The opened (so migrated) database: readiness and the pool metrics read it. */
  database?: Pick<Database, 'pool' | 'cluster'>;
}

/**
 * API replies are compressed anew for every request: at the fastest levels. A 50-row patients page
 * (40 KB): brotli 1 takes 0.10 ms for 4.2 KB, the default brotli 4 0.27 ms for 3.6 KB.
 */
const API_COMPRESSION = {
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};

export async function buildApp(
  options: AppOptions,
  fastifyOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const { services, registry } = options;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // Only a trusted proxy may say who the client is; else anyone could dodge per-address limits.
    // Only the nearest hop (the proxy itself) is trusted, so the client is the last entry of
    // X-Forwarded-For: proxies append the address they see, and whatever the client wrote
    // before it is the client's claim, not a fact.
    trustProxy: services.config.trustProxy ? (_address, hop) => hop === 0 : false,
    // Per-request lines would drown the log at clinic load; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // An address that can not be decoded gets the envelope, not Fastify's own error body.
    frameworkErrors: (error, request, reply) => {
      void sendFailure(services, error, request, reply);
    },
    // Parsed as plain JSON (own, inert properties); the dispatcher's input guard then refuses
    // these names by field, where the parser could only say "not valid JSON".
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    ...fastifyOptions,
  });

  // Modules added to the catalogue since the last start reach every clinic now.
  const synced = await syncAllCompanies(services.db);
  if (synced > 0) services.log.info(`Module lists brought in line with the catalogue: ${synced}`);

  addSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  await registerRateLimits(app, services);

  const listenUrl = services.config.sessionCache ? options.sessionListenUrl : null;
  if (listenUrl) {
    const listener = startSessionListener(listenUrl, services, services.log);
    app.addHook('onClose', () => listener.stop());
  }
  const { database } = options;
  registerObservability(app, {
    services,
    registry,
    database: database ? { pool: database.pool, embedded: database.cluster !== null } : null,
    // The listener switches the session cache on while it is connected.
    listening: listenUrl ? () => services.sessions.cache.isActive : null,
  });

  // Every failure before the dispatcher (bad JSON, too large, wrong type, a file the static
  // server refuses) still gets the envelope.
  app.setErrorHandler((error: RequestFailure, request, reply) =>
    sendFailure(services, error, request, reply),
  );

  const answer = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const streamed: { started?: boolean; download?: WrittenDownload } = {};
    // The response closes unfinished when the caller goes away: the call's statement is then
    // cancelled (db/cancel-on-close.ts) instead of running on for nobody.
    const left = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) left.abort();
    };
    reply.raw.once('close', onClose);
    const outcome = await dispatch(services, registry, path, request.body, {
      signal: left.signal,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      sendDownload: async (download) => {
        streamed.started = true;
        streamed.download = await writeDownload(reply, download);
      },
    });
    if (streamed.started) {
      // A download ends once its transaction has committed; one that failed is cut short
      // (writeDownload has cut it already when its own writing failed).
      if (outcome.status === 200) streamed.download?.end();
      else streamed.download?.abort();
      return reply;
    }
    return reply
      .code(outcome.status)
      .headers({ 'cache-control': 'no-store', ...outcome.headers })
      .send(outcome.envelope);
  };
  app.post<{ Params: { '*': string } }>('/api/*', { compress: API_COMPRESSION }, (request, reply) =>
    answer(request, reply, request.params['*']),
  );
  // An import carries its file in the body: a limit of its own (the file's, in base64).
  app.post<{ Params: { entities: string } }>(
    IMPORT_ROUTE,
    { compress: API_COMPRESSION, bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    (request, reply) => answer(request, reply, `${request.params.entities}/import`),
  );

  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
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
  registerCalendarFeedRoute(app, services);

  const webRoot = options.webRoot;
  if (webRoot && existsSync(join(webRoot, 'index.html'))) {
    // Files are looked up per request (wildcard), so a rebuild under a running server is served
    // as soon as it is written. Hashed assets never change; everything else is revalidated.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: ['index.html'],
      // The build's `.br` / `.gz` beside each file (vite.config.ts): no compressing per request.
      preCompressed: true,
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
      if (!isPage || isFile) return sendNotFound(services, request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((request, reply) => sendNotFound(services, request, reply));
  }
  return app;
}
