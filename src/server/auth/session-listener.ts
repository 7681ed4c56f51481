/**
 * Keeps this server's caches honest across servers: one connection LISTENs on the channels that
 * triggers notify at commit — `materia_auth` (migration 0013: users, groups, memberships,
 * privileges, revoked tokens; and module writes, modules/module-cache.ts; payload the company id) for
 * the session cache and the module cache, `materia_companies`
 * (migration 0015: payload the slug) for the company directory. The caches trust themselves only
 * while this connection is up; when it drops they empty and stay off until it is back. The log
 * says so once per change of state, not once per retry.
 */
import pg from 'pg';
import type { CompanyDirectory } from '../companies/directory';
import type { ModuleCache } from '../modules/module-cache';
import { COMPANY_CHANNEL, SESSION_CHANNEL } from './channels';
import type { SessionCache } from './session-cache';

const RETRY_MS = 1000;

interface Log {
  warn(object: object, message: string): void;
  info(message: string): void;
}

interface SessionListener {
  stop(): Promise<void>;
}

interface Caches {
  sessions: { cache: SessionCache };
  companies: CompanyDirectory;
  moduleCache: ModuleCache;
}

export function startSessionListener(url: string, caches: Caches, log: Log): SessionListener {
  const { cache } = caches.sessions;
  let client: pg.Client | null = null;
  let stopping = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  /** Whether the last state the log reported was "listening" (it starts out quiet). */
  let reportedUp = true;

  const setActive = (active: boolean) => {
    cache.setActive(active);
    caches.companies.setNotified(active);
    caches.moduleCache.setActive(active);
  };

  const lost = (error?: unknown) => {
    setActive(false);
    const old = client;
    client = null;
    void old?.end().catch(() => undefined);
    if (stopping) return;
    if (reportedUp) {
      reportedUp = false;
      log.warn({ err: error }, 'change notifications unavailable: session and company caches off');
    }
    retry = setTimeout(() => void connect(), RETRY_MS);
  };

  const notified = (message: pg.Notification) => {
    if (message.channel === COMPANY_CHANNEL) {
      caches.companies.forget(message.payload ?? '');
      return;
    }
    const companyId = Number(message.payload);
    if (Number.isSafeInteger(companyId)) {
      cache.clearCompany(companyId);
      caches.moduleCache.forget(companyId);
    } else {
      cache.clearAll();
      caches.moduleCache.clearAll();
    }
  };

  const connect = async () => {
    retry = null;
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', lost);
    next.on('end', () => client === next && lost());
    next.on('notification', notified);
    try {
      await next.connect();
      await next.query(`listen ${SESSION_CHANNEL}; listen ${COMPANY_CHANNEL}`);
      if (stopping || client !== next) return;
      setActive(true);
      if (!reportedUp) log.info('change notifications back: session and company caches on');
      reportedUp = true;
    } catch (error) {
      if (client === next) lost(error);
    }
  };

  void connect();
  return {
    async stop() {
      stopping = true;
      if (retry) clearTimeout(retry);
      setActive(false);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
