/**
 * The API test harness: the real server (in-process Fastify, real dispatcher, real PostgreSQL as
 * the RLS-bound app role) and a fresh company per test file. Nothing of ours is mocked.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildRegistry } from '../../src/server/api';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createCompany } from '../../src/server/companies/create';
import { buildApp } from '../../src/server/http/app';
import { registerSeeders } from '../../src/server/seed/register';
import { createServices, type Services } from '../../src/server/services';
import type { Envelope, UserToken } from '../../src/shared/envelope';

export const TEST_PASSWORD = 'Correct-Horse-9';

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Partial<Services> = {},
): Promise<TestServer> {
  const config = loadConfig({
    DATA_DIR: inject('dataDir'),
    DATABASE_URL: inject('databaseOwnerUrl'),
    DATABASE_APP_URL: inject('databaseAppUrl'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
  registerSeeders();
  const database = await openDatabase(config, quiet);
  const log = pino({ level: 'silent' });
  const services = createServices(config, database.db, log, 'test', overrides);
  const app = await buildApp(
    {
      services,
      registry: buildRegistry(),
      webRoot: null,
      sessionListenUrl: database.appUrl,
      database,
    },
    { loggerInstance: log },
  );
  return {
    app,
    services,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface TestCompany {
  slug: string;
  companyId: number;
  adminEmail: string;
}

export async function newCompany(server: TestServer, name = 'Test Clinic'): Promise<TestCompany> {
  const slug = `t-${randomBytes(6).toString('hex')}`;
  const adminEmail = `admin@${slug}.test`;
  const company = await createCompany(server.database.db, {
    slug,
    name,
    adminEmail,
    adminPassword: TEST_PASSWORD,
  });
  return { slug, companyId: company.company_id, adminEmail };
}

export interface CallResponse<T = unknown> extends Envelope<T> {
  status: number;
}

/** POST /api/{path} with the company slug (and token) added, as the web client does. */
export async function call<T = unknown>(
  server: TestServer,
  company: Pick<TestCompany, 'slug'> | null,
  path: string,
  payload: Record<string, unknown> = {},
  token?: Partial<UserToken> | null,
): Promise<CallResponse<T>> {
  const body: Record<string, unknown> = { ...payload };
  if (company) body._company_slug = company.slug;
  if (token) body._user_token = token;
  const response = await server.app.inject({ method: 'POST', url: `/api/${path}`, payload: body });
  // A download (an export) answers with the file: a success whose data is the file's text.
  if (String(response.headers['content-disposition'] ?? '').startsWith('attachment')) {
    const data = response.body as T;
    return { status: response.statusCode, result: true, data, messages: [], version: '' };
  }
  return { status: response.statusCode, ...response.json<Envelope<T>>() };
}
