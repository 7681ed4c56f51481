/**
 * The set-up most API test files share: one test server for the file and, usually, a company of
 * its own and its admin's token.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Services } from '../../src/server/services';
import type { UserToken } from '../../src/shared/envelope';
import { newCompany, startTestServer, type TestCompany, type TestServer } from './api';
import { adminToken } from './users';

export interface TestEnv {
  readonly server: TestServer;
  /** The file's own company. */
  readonly company: TestCompany;
  /** A token of the company's first admin, when asked for with `admin: true`. */
  readonly admin: UserToken;
}

export interface TestEnvOptions {
  /** The company's name ('Test Clinic' when not given); false where the tests make their own. */
  company?: string | false;
  /** Settings as environment variables; a function is read when the server starts, so it may
   *  name something a `beforeAll` above the call has just started (a mailbox's port). */
  config?: Record<string, string> | (() => Record<string, string>);
  /** Services used instead of the real ones (Sessions on a test clock, say). */
  services?: Partial<Services>;
  /** Also issue a token for the company's first admin, as `admin`. */
  admin?: boolean;
}

/**
 * The file's server (and company, and admin token), made before its tests and closed after them:
 * after the file's own clean-up hooks too, which may still need it. Call it at the top of the
 * file, as sharedBrowser() in the browser tests; read the answer's fields inside hooks and tests.
 */
export function useTestServer(options: TestEnvOptions = {}): TestEnv {
  let server: TestServer | undefined;
  let company: TestCompany | undefined;
  let admin: UserToken | undefined;
  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : options.config;
    server = await startTestServer(config, options.services);
    if (options.company === false) return;
    company = await newCompany(server, options.company);
    if (options.admin) admin = await adminToken(server, company);
  });
  afterAll(async () => {
    await server?.close();
  });

  // A field read too early, or one the file did not ask for, fails with a reason rather than as
  // `undefined` somewhere further on.
  const ready = <T>(value: T | undefined, name: string, askedFor: boolean, howToAsk: string): T => {
    if (!askedFor) throw new Error(`The test server has no ${name}: ask for it with ${howToAsk}.`);
    if (value === undefined) throw new Error(`The test ${name} is used before the tests start.`);
    return value;
  };
  return {
    get server() {
      return ready(server, 'server', true, '');
    },
    get company() {
      return ready(company, 'company', options.company !== false, 'a company name');
    },
    get admin() {
      const asked = options.admin === true && options.company !== false;
      return ready(admin, 'admin token', asked, '{ admin: true } and a company');
    },
  };
}
