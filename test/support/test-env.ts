/**
 * The set-up most API test files share: one test server for the file and, usually, a company of
 * its own and its admin's token.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Services } from '../../src/server/services';
import type { UserToken } from '../../src/shared/envelope';
import { newCompany, startTestServer, type TestCompany, type TestServer } from './api';
import { adminToken } from './users';

interface TestEnv {
  readonly server: TestServer;
  /** The file's own company. */
  readonly company: TestCompany;
  /** A token of the company's first admin, when asked for with `admin: true`. */
  readonly admin: UserToken;
}

interface TestEnvOptions {
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
 * The file's server (and company, and admin token), made before its tests and closed after them.
 * Call it at the top of the file, as sharedBrowser() in the browser tests, and read the answer's
 * fields inside hooks and tests. Hooks run in order before the tests and in reverse after them,
 * so the file's hooks below the call have the server in both; one above it (a mailbox) outlives it.
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

  // Read too early, or not asked for: say so, rather than fail later on an undefined.
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value !== undefined) return value;
    throw new Error(
      `The test ${what} is not there: read before the tests start, or its set-up failed.`,
    );
  };
  return {
    get server() {
      return ready(server, 'server');
    },
    get company() {
      if (options.company === false) throw new Error('This file asked for no company.');
      return ready(company, 'company');
    },
    get admin() {
      if (!options.admin || options.company === false) {
        throw new Error('The admin token needs { admin: true } and a company.');
      }
      return ready(admin, 'admin token');
    },
  };
}
