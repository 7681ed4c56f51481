/**
 * `GET /health/live`, `GET /health/ready` and `GET /metrics`. The health answers are public and
 * cheap (no tenant, no session, at most one `select 1` a second, no rate limit; request lines are
 * not logged anyway);
 * `/metrics` says how busy every clinic is, so it answers only with METRICS_TOKEN as a bearer
 * token, and not at all (404) while that setting is unset — nor is anything counted then.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Services } from '../services';
import type { CallRegistry } from '../http/calls';
import { envelopeOf } from '../http/dispatch';
import { sendNotFound } from '../http/error-replies';
import { DatabaseLatency } from './db-latency';
import { readiness, type ReadinessSources } from './health';
import { ServerMetrics } from './metrics';

const API_ROUTE = '/api/*';

interface ObservabilityOptions {
  services: Services;
  registry: CallRegistry;
  /** The opened database's pool and whether it is embedded; absent, nothing was migrated. */
  database: { pool: pg.Pool; embedded: boolean } | null;
  listening: ReadinessSources['listening'];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so that neither the length nor the content leaks through timing. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

export function registerObservability(app: FastifyInstance, options: ObservabilityOptions): void {
  const { services, database } = options;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/health/live', async (_request, reply) => noStore(reply).send({ status: 'ok' }));
  const latency = database ? new DatabaseLatency(database.pool) : null;
  app.get('/health/ready', async (_request, reply) => {
    const poolWaiting = database ? database.pool.waitingCount : null;
    const state = readiness({
      database: services.database,
      migrated: database !== null,
      listening: options.listening,
      poolWaiting,
      // Not probed while calls queue or the database is away: the answer is "not ready" anyway.
      slow:
        latency && poolWaiting === 0 && services.database.available ? await latency.slow() : null,
    });
    return noStore(reply)
      .code(state.ready ? 200 : 503)
      .send({
        status: state.ready ? 'ok' : 'unavailable',
        checks: state.checks,
        failed: state.failed,
      });
  });

  const token = services.config.metricsToken;
  if (!token) {
    app.get('/metrics', (request, reply) => sendNotFound(services, request, reply));
    return;
  }
  const expected = digest(token);
  const metrics = new ServerMetrics({
    pool: database?.pool ?? null,
    embedded: database?.embedded ?? false,
    database: services.database,
    sessionStats: services.sessions.stats,
    isCall: (path) => options.registry.find(path) !== undefined,
  });
  // Once per answered request, after the reply went out: Fastify has timed it already.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.url === API_ROUTE) {
      const path = (request.params as { '*'?: string })['*'] ?? '';
      metrics.observeCall(path, reply.statusCode, reply.elapsedTime);
    }
    done();
  });
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request, expected)) {
      return noStore(reply)
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(
          envelopeOf(services, false, null, [
            { type: 'e', text: 'The metrics need the METRICS_TOKEN as a bearer token.' },
          ]),
        );
    }
    return noStore(reply)
      .type(metrics.registry.contentType)
      .send(await metrics.text());
  });
}
