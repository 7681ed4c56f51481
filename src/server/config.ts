/**
 * Configuration from the environment. One table describes every variable: it parses them, prints
 * `--help`, and a wrong value stops start-up with a message naming the variable.
 */
import { resolve } from 'node:path';
import {
  DEFAULT_RATE_LIMITS,
  formatRateLimits,
  parseRateLimits,
  type RateLimits,
} from './http/rate-limit-settings';

type AppEnv = 'prod' | 'dev' | 'beta';

export interface Config {
  port: number;
  host: string;
  /** Server processes sharing the port and the database (extra-servers.ts). */
  serverProcesses: number;
  dataDir: string;
  databaseUrl: string | null;
  databaseAppUrl: string | null;
  /** Pooled connections to the database (per server). */
  databasePoolSize: number;
  /** How long a request waits for a pooled connection before it answers 503. */
  databasePoolWaitMs: number;
  /** How long an idle connection beyond the warm ones (WARM_CONNECTIONS) stays open. */
  databasePoolIdleMs: number;
  /** How long one statement of a call may run before PostgreSQL cancels it (503 "took too long"). */
  databaseStatementTimeoutMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string;
  adminPassword: string | null;
  appEnv: AppEnv;
  publicUrl: string | null;
  trustProxy: boolean;
  sessionCache: boolean;
  logLevel: string;
  /** 'pretty', 'json', or '' (chosen by whether standard output is a terminal: log.ts). */
  logFormat: string;
  rateLimits: RateLimits;
  /** The bearer token GET /metrics asks for; null: /metrics is off (404). */
  metricsToken: string | null;
  /** Whether this process runs queued jobs (reminders and other messages; src/server/jobs/). */
  jobWorker: boolean;
  /** A failed job's first retry waits this long; each next one twice as long. */
  jobRetrySeconds: number;
  /** A job running longer than this (its process died) is run again. */
  jobExpireSeconds: number;
  /** The SMS gateway messages are POSTed to (src/server/messages/sms.ts); null: no SMS. */
  smsUrl: string | null;
}

interface Variable {
  name: string;
  help: string;
  fallback: string;
  check?: (value: string) => string | null;
}

const isUrl = (protocols: string[]) => (v: string) => {
  try {
    const url = new URL(v);
    return protocols.includes(url.protocol) ? null : `must start with ${protocols.join(' or ')}//`;
  } catch {
    return 'is not a valid URL';
  }
};

const PG = isUrl(['postgres:', 'postgresql:']);

/** Connections the pool keeps open however long it is idle (db/database.ts). */
export const WARM_CONNECTIONS = 4;

const VARIABLES: readonly Variable[] = [
  {
    name: 'PORT',
    help: 'TCP port the web server listens on',
    fallback: '3000',
    check: (v) =>
      /^\d+$/.test(v) && +v > 0 && +v < 65536 ? null : 'must be a port from 1 to 65535',
  },
  {
    name: 'HOST',
    help: 'address to listen on',
    fallback: '127.0.0.1',
    check: (v) => (v.trim() ? null : 'must not be empty'),
  },
  {
    name: 'SERVER_PROCESSES',
    help: 'server processes sharing PORT and the database, up to one per core: one serves calls on one core',
    fallback: '1',
    check: (v) => (/^\d+$/.test(v) && +v >= 1 && +v <= 64 ? null : 'must be a number from 1 to 64'),
  },
  {
    name: 'DATA_DIR',
    help: 'folder for the embedded database, mail files and uploads',
    fallback: './data',
  },
  {
    name: 'DATABASE_URL',
    help: 'external PostgreSQL (owner role, runs migrations); when set nothing embedded starts',
    fallback: '',
    check: PG,
  },
  {
    name: 'DATABASE_APP_URL',
    help: 'optional: the app role for an external PostgreSQL (else materia_app is managed for you)',
    fallback: '',
    check: PG,
  },
  {
    name: 'DATABASE_POOL_SIZE',
    help: 'connections each server keeps to the database',
    fallback: '24',
    check: (v) =>
      /^\d+$/.test(v) && +v >= 2 && +v <= 500 ? null : 'must be a number from 2 to 500',
  },
  {
    name: 'DATABASE_POOL_WAIT_MS',
    help: 'how long a request waits for a free connection before answering 503 "busy"',
    fallback: '5000',
    check: (v) =>
      /^\d+$/.test(v) && +v >= 100 && +v <= 60_000 ? null : 'must be a number from 100 to 60000',
  },
  {
    name: 'DATABASE_POOL_IDLE_MS',
    help: `how long an idle connection beyond the ${WARM_CONNECTIONS} always kept stays open`,
    fallback: '30000',
    check: (v) =>
      /^\d+$/.test(v) && +v >= 100 && +v <= 3_600_000
        ? null
        : 'must be a number from 100 to 3600000',
  },
  {
    name: 'DATABASE_STATEMENT_TIMEOUT_MS',
    help: 'how long one database statement of a call may run before it is stopped and the call answers 503 "took too long" (downloads: at least 60000)',
    fallback: '5000',
    check: (v) =>
      /^\d+$/.test(v) && +v >= 100 && +v <= 600_000 ? null : 'must be a number from 100 to 600000',
  },
  {
    name: 'SMTP_URL',
    help: 'mail server, e.g. smtp://user:pass@host:587; without it mails go to DATA_DIR/mail/*.eml',
    fallback: '',
    check: isUrl(['smtp:', 'smtps:']),
  },
  {
    name: 'MAIL_FROM',
    help: 'sender address of outgoing mail',
    fallback: 'Materia <no-reply@materia.local>',
  },
  {
    name: 'ADMIN_EMAIL',
    help: 'e-mail of the demo clinic admin created on first start',
    fallback: 'admin@demo.clinic',
    check: (v) => (/^[^\s@]+@[^\s@]+$/.test(v) ? null : 'must be an e-mail address'),
  },
  {
    name: 'ADMIN_PASSWORD',
    help: 'password of that admin; generated and printed once when unset',
    fallback: '',
  },
  {
    name: 'APP_ENV',
    help: 'environment: prod, dev or beta',
    fallback: 'prod',
    check: (v) => (['prod', 'dev', 'beta'].includes(v) ? null : 'must be prod, dev or beta'),
  },
  {
    name: 'PUBLIC_URL',
    help: 'address users reach Materia at, used in mailed links (default http://HOST:PORT)',
    fallback: '',
    check: isUrl(['http:', 'https:']),
  },
  {
    name: 'TRUST_PROXY',
    help: 'yes behind a reverse proxy that appends the client to X-Forwarded-For (its last entry counts for throttling)',
    fallback: 'no',
    check: (v) => (['yes', 'no'].includes(v) ? null : 'must be yes or no'),
  },
  {
    name: 'SESSION_CACHE',
    help: 'on: keep checked sessions in memory, cleared by PostgreSQL LISTEN/NOTIFY; off behind a transaction-pooling proxy (which can not LISTEN)',
    fallback: 'on',
    check: (v) => (['on', 'off'].includes(v) ? null : 'must be on or off'),
  },
  { name: 'LOG_LEVEL', help: 'fatal, error, warn, info, debug or trace', fallback: 'info' },
  {
    name: 'LOG_FORMAT',
    help: 'pretty (readable lines) or json (a JSON object a line); unset: pretty on a terminal, json anywhere else',
    fallback: '',
    check: (v) => (['pretty', 'json'].includes(v) ? null : 'must be pretty or json'),
  },
  {
    name: 'RATE_LIMITS',
    help: 'calls per minute per client address of the public calls, as call=number pairs (calls not named keep theirs), or off',
    fallback: formatRateLimits(DEFAULT_RATE_LIMITS),
    check: (v) => {
      try {
        parseRateLimits(v);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },
  },
  {
    name: 'METRICS_TOKEN',
    help: 'bearer token that GET /metrics (Prometheus) asks for; unset: /metrics is off',
    fallback: '',
    check: (v) => (/^\S{16,}$/.test(v) ? null : 'must be at least 16 characters, no spaces'),
  },
  {
    name: 'JOB_WORKER',
    help: 'on: this process sends due reminders and messages from the job queue; off: it only serves calls',
    fallback: 'on',
    check: (v) => (['on', 'off'].includes(v) ? null : 'must be on or off'),
  },
  {
    name: 'JOB_RETRY_SECONDS',
    help: 'a failed send is tried again after this many seconds, then after twice as long each time',
    fallback: '30',
    check: (v) =>
      /^\d+$/.test(v) && +v >= 1 && +v <= 3600 ? null : 'must be a number from 1 to 3600',
  },
  {
    name: 'JOB_EXPIRE_SECONDS',
    help: 'a send still running after this many seconds (its server died) is run again',
    fallback: '60',
    check: (v) =>
      /^\d+$/.test(v) && +v >= 5 && +v <= 3600 ? null : 'must be a number from 5 to 3600',
  },
  {
    name: 'SMS_URL',
    help: 'SMS gateway that text reminders are POSTed to as JSON (docs/operations.md); unset: no SMS',
    fallback: '',
    check: isUrl(['http:', 'https:']),
  },
];

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const value = (name: string): string => {
    const variable = VARIABLES.find((v) => v.name === name);
    if (!variable) throw new Error(`unknown variable ${name}`);
    const raw = env[name];
    if (raw === undefined || raw === '') return variable.fallback;
    const problem = variable.check?.(raw);
    if (problem) throw new ConfigError(`${name} ${problem} (got "${raw}").`);
    return raw;
  };
  const orNull = (name: string) => value(name) || null;
  return {
    port: Number(value('PORT')),
    host: value('HOST'),
    serverProcesses: Number(value('SERVER_PROCESSES')),
    dataDir: resolve(value('DATA_DIR')),
    databaseUrl: orNull('DATABASE_URL'),
    databaseAppUrl: orNull('DATABASE_APP_URL'),
    databasePoolSize: Number(value('DATABASE_POOL_SIZE')),
    databasePoolWaitMs: Number(value('DATABASE_POOL_WAIT_MS')),
    databasePoolIdleMs: Number(value('DATABASE_POOL_IDLE_MS')),
    databaseStatementTimeoutMs: Number(value('DATABASE_STATEMENT_TIMEOUT_MS')),
    smtpUrl: orNull('SMTP_URL'),
    mailFrom: value('MAIL_FROM'),
    adminEmail: value('ADMIN_EMAIL').toLowerCase(),
    adminPassword: orNull('ADMIN_PASSWORD'),
    appEnv: value('APP_ENV') as AppEnv,
    publicUrl: orNull('PUBLIC_URL'),
    trustProxy: value('TRUST_PROXY') === 'yes',
    sessionCache: value('SESSION_CACHE') === 'on',
    logLevel: value('LOG_LEVEL'),
    logFormat: value('LOG_FORMAT'),
    rateLimits: parseRateLimits(value('RATE_LIMITS')),
    metricsToken: orNull('METRICS_TOKEN'),
    jobWorker: value('JOB_WORKER') === 'on',
    jobRetrySeconds: Number(value('JOB_RETRY_SECONDS')),
    jobExpireSeconds: Number(value('JOB_EXPIRE_SECONDS')),
    smsUrl: orNull('SMS_URL'),
  };
}

export function helpText(): string {
  const rows = VARIABLES.map(
    (v) => `  ${v.name.padEnd(29)} ${v.help}${v.fallback ? ` (default: ${v.fallback})` : ''}`,
  );
  return [
    'Materia — back-office for herbal and natural-medicine clinics.',
    '',
    'Usage: npm start            build the web app if needed, then start the server',
    '       npm run company -- create --slug SLUG --name NAME --admin-email E --admin-password P',
    '       npm run backup -- --out FILE [--company SLUG]',
    '       npm run restore -- FILE [--replace] [--company SLUG]',
    '',
    'Environment variables:',
    ...rows,
  ].join('\n');
}
