/** Everything a call handler may use, built once per server and passed in its context. */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import { CompanyDirectory } from './companies/directory';
import { Sessions } from './auth/sessions';
import { ModuleCache } from './modules/module-cache';
import { createMailer, type Mailer } from './mail/mailer';
import { Captcha } from './auth/captcha';
import { alwaysAvailable, type Availability } from './db/availability';
import { clinicShareFor, type ClinicShare } from './http/clinic-share';
import { downloadSlotsFor, type DownloadSlots } from './http/download-slots';

export interface Services {
  config: Config;
  db: Kysely<DB>;
  version: string;
  log: FastifyBaseLogger;
  companies: CompanyDirectory;
  sessions: Sessions;
  /** Each company's module rows, cached (see modules/module-cache.ts). */
  moduleCache: ModuleCache;
  mailer: Mailer;
  captcha: Captcha;
  /** Whether the database is there (the watchdog's view); when not, calls answer 503 at once. */
  database: Availability;
  /** Downloads being written at once, capped below the pool (http/download-slots.ts). */
  downloads: DownloadSlots;
  /** How many calls one clinic may run at once (http/clinic-share.ts). */
  clinicShare: ClinicShare;
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
    moduleCache: new ModuleCache(),
    mailer: createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
      log,
    ),
    captcha: new Captcha(),
    database: alwaysAvailable,
    downloads: downloadSlotsFor(config.databasePoolSize),
    clinicShare: clinicShareFor(config.databasePoolSize, config.databasePoolWaitMs),
    ...overrides,
  };
}
