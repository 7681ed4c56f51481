/**
 * Keeps the session cache honest across servers: one connection LISTENs on the channel the
 * triggers of migration 0013 notify (payload: the company id) whenever users, groups,
 * memberships, privileges or revoked tokens change. The cache works only while this connection
 * is up; when it drops, the cache empties and stays off until the listener is back.
 */
import pg from 'pg';
import type { SessionCache } from './session-cache';

export const SESSION_CHANNEL = 'materia_auth';
const RETRY_MS = 1000;

interface Log {
  warn(object: object, message: string): void;
}

export interface SessionListener {
  stop(): Promise<void>;
}

export function startSessionListener(url: string, cache: SessionCache, log: Log): SessionListener {
  let client: pg.Client | null = null;
  let stopping = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const lost = (error?: unknown) => {
    cache.setActive(false);
    const old = client;
    client = null;
    void old?.end().catch(() => undefined);
    if (stopping) return;
    if (error) log.warn({ err: error }, 'session cache off: change notifications unavailable');
    retry = setTimeout(() => void connect(), RETRY_MS);
  };

  const connect = async () => {
    retry = null;
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', lost);
    next.on('end', () => client === next && lost());
    next.on('notification', (message) => {
      const companyId = Number(message.payload);
      if (Number.isSafeInteger(companyId)) cache.clearCompany(companyId);
      else cache.clearAll();
    });
    try {
      await next.connect();
      await next.query(`listen ${SESSION_CHANNEL}`);
      if (stopping || client !== next) return;
      cache.setActive(true);
    } catch (error) {
      if (client === next) lost(error);
    }
  };

  void connect();
  return {
    async stop() {
      stopping = true;
      if (retry) clearTimeout(retry);
      cache.setActive(false);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
