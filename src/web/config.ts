/**
 * Web configuration: the environments the app knows and the API base of each. Components never
 * hard-code an address; they call the API client, which asks `apiBase()` here.
 *
 * The bases default to the same origin (`/api`), which is how the server ships the web app. A
 * build can point an environment elsewhere with VITE_API_BASE_PROD / _DEV / _BETA.
 */
export type Environment = 'prod' | 'dev' | 'beta';

const env = import.meta.env as Record<string, string | boolean | undefined>;
const setting = (name: string): string | undefined => {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const API_BASES: Readonly<Record<Environment, string>> = {
  prod: setting('VITE_API_BASE_PROD') ?? '/api',
  dev: setting('VITE_API_BASE_DEV') ?? '/api',
  beta: setting('VITE_API_BASE_BETA') ?? '/api',
};

export function apiBase(environment: Environment): string {
  return API_BASES[environment].replace(/\/+$/, '');
}

/** The company used when neither the host name nor `?company=` names one (the server's demo). */
export const DEFAULT_COMPANY_SLUG = setting('VITE_DEFAULT_COMPANY') ?? 'demo';

/** First labels of a host name that never name a company. */
export const RESERVED_HOST_LABELS: readonly string[] = [
  'www',
  'app',
  'api',
  'beta',
  'dev',
  'staging',
  'test',
  'materia',
  'localhost',
];

/** How long a lazily loaded part may take before the load counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
