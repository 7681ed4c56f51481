/** Everything a call handler may use, built once per server and passed in its context. */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import { CompanyDirectory } from './companies/directory';
import { Sessions } from './auth/sessions';
import { createMailer, type Mailer } from './mail/mailer';
import { Captcha } from './auth/captcha';

export interface Services {
  config: Config;
  db: Kysely<DB>;
  version: string;
  log: FastifyBaseLogger;
  companies: CompanyDirectory;
  sessions: Sessions;
  mailer: Mailer;
  captcha: Captcha;
}

export function createServices(
  config: Config,
  db: Kysely<DB>,
  log: FastifyBaseLogger,
  version: string,
  overrides: Partial<Services> = {},
): Services {
  return {
    config,
    db,
    version,
    log,
    companies: new CompanyDirectory(db),
    sessions: new Sessions(),
    mailer: createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
      log,
    ),
    captcha: new Captcha(db),
    ...overrides,
  };
}
