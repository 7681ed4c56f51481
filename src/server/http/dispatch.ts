/**
 * One path for every API call: company slug → call → token → privilege → module enabled →
 * payload validation → handler inside the company's transaction → envelope. A thrown ApiError
 * rolls the transaction back, so no call leaves a half-done change.
 */
import { z } from 'zod';
import {
  MISSING_SLUG_TEXT,
  UNKNOWN_COMPANY_TEXT,
  type Envelope,
  type Message,
} from '../../shared/envelope';
import { moduleByName } from '../../shared/modules';
import { grants } from '../../shared/privileges';
import { DATABASE_DOWN_TEXT, RETRY_AFTER_SECONDS, unavailableError } from '../db/availability';
import { whileCallerWaits } from '../db/cancel-on-close';
import { downloadStatementTimeout, inTenant, type Tx } from '../db/tenancy';
import { schemaBehind } from '../entities/db-errors';
import type { Services } from '../services';
import type { CallContext, CallDefinition, CallRegistry, Download } from './calls';
import { DOWNLOADS_BUSY_TEXT } from './download-slots';
import type { AuditEntry } from '../domain/audit';
import type { AuthUser, Caller } from '../domain/caller';
import { ApiError, badRequest, forbidden, notFound, unauthenticated } from './errors';
import { guardInput } from './input-guard';
import { describeError, fieldOfError } from './validation';

interface RequestMeta {
  ip: string;
  userAgent: string;
  /** Sends a download as the reply (headers first, then the body as it is written). */
  sendDownload?: (download: Download) => Promise<void>;
  /** Aborts when the caller goes away before the answer: its running statement is cancelled. */
  signal?: AbortSignal;
}

interface DispatchOutcome {
  status: number;
  envelope: Envelope;
  headers?: Record<string, string>;
}

const tokenShape = z.object({ hash: z.string().min(1).max(200) }).loose();

export function envelopeOf(
  services: Pick<Services, 'version'>,
  result: boolean,
  data: unknown,
  messages: Message[],
  extra: Partial<Envelope> = {},
): Envelope {
  return { result, data: data ?? null, messages, version: services.version, ...extra };
}

function failure(services: Services, error: ApiError): DispatchOutcome {
  return {
    status: error.status,
    envelope: envelopeOf(
      services,
      false,
      error.extra.data ?? null,
      [
        {
          type: error.extra.type ?? 'e',
          text: error.message,
          ...(error.extra.field ? { field: error.extra.field } : {}),
        },
      ],
      {
        ...(error.extra.authentication_failed ? { authentication_failed: true } : {}),
      },
    ),
    ...(error.status === 503 ? { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } } : {}),
  };
}

function cachedUser(services: Services, company: Caller['company'], token: unknown) {
  const parsed = tokenShape.safeParse(token);
  return parsed.success ? services.sessions.cached(company.company_id, parsed.data.hash) : null;
}

/** What a database-free call gets as its transaction: any use is a programming error. */
const NO_DATABASE = new Proxy({} as Tx, {
  get() {
    throw new Error('A call declared `database: false` used the database.');
  },
});

/** Reads leave sessions and module switches as they are; any other call may change them. */
const READS = /^(list|get|get_.*|fetch_.*|typeahead.*|count|export|check_authentication)$/;
const isRead = (path: string) => READS.test(path.split('/')[1] ?? '');
const isImport = (path: string) => path.split('/')[1] === 'import';
const mayChangeSessions = (path: string) => /^(users|groups)\//.test(path) && !isRead(path);
const mayChangeModules = (path: string) => path.startsWith('modules/') && !isRead(path);

async function authenticate(
  ctx: { services: Services; caller: Caller },
  trx: CallContext['trx'],
  token: unknown,
) {
  const parsed = tokenShape.safeParse(token);
  if (!parsed.success) return null;
  return ctx.services.sessions.authenticate(trx, ctx.caller.company.company_id, parsed.data.hash);
}

function checkAccess(definition: CallDefinition, user: AuthUser | null): void {
  if (definition.access === 'public') return;
  if (!user) throw unauthenticated();
  if (definition.access === 'user' || user.is_admin) return;
  const { privilege, alsoNeeds = [], refusal } = definition.access;
  if (![privilege, ...alsoNeeds].every((p) => grants(user.privileges, p))) throw forbidden(refusal);
}

/** Calls of an essential module (or of none) are never switched off. */
function alwaysEnabled(path: string): boolean {
  const module = moduleByName(path.split('/')[0] ?? '');
  return !module || module.essential;
}

async function checkModuleEnabled(
  services: Services,
  trx: CallContext['trx'],
  caller: Caller,
  path: string,
): Promise<void> {
  const module = moduleByName(path.split('/')[0] ?? '');
  if (!module || module.essential) return;
  const companyId = caller.company.company_id;
  if (!(await services.moduleCache.isEnabled(trx, companyId, module.name))) {
    throw forbidden(`The ${module.label} module is disabled.`);
  }
}

export async function dispatch(
  services: Services,
  registry: CallRegistry,
  path: string,
  body: unknown,
  meta: RequestMeta,
): Promise<DispatchOutcome> {
  try {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    guardInput(body);
    const { _company_slug: slug, _user_token: token, ...payload } = body as Record<string, unknown>;
    if (typeof slug !== 'string' || slug.trim() === '') throw badRequest(MISSING_SLUG_TEXT);
    if (!services.database.available) throw new ApiError(503, DATABASE_DOWN_TEXT);
    const company = await services.companies.bySlug(slug);
    if (!company) throw notFound(UNKNOWN_COMPANY_TEXT);
    const definition = registry.find(path);
    if (!definition) throw notFound(`There is no call named "${path}".`);
    const caller: Caller = { company, user: null, ip: meta.ip, userAgent: meta.userAgent };

    const run = async (trx: Tx) => {
      if (definition.access !== 'public' && !caller.user) {
        caller.user = await authenticate({ services, caller }, trx, token);
      }
      checkAccess(definition, caller.user);
      await checkModuleEnabled(services, trx, caller, path);
      // reportInput: the message can then tell a missing field from one of the wrong type.
      const input = definition.input.safeParse(payload, { reportInput: true });
      if (!input.success) {
        const labels = definition.labels;
        throw badRequest(describeError(input.error, labels), fieldOfError(input.error, labels));
      }
      const context: CallContext = {
        trx,
        caller,
        services,
        user: caller.user as AuthUser,
        audit: (entry: AuditEntry) => writeAudit(context, [entry]),
        auditMany: (entries: readonly AuditEntry[]) => writeAudit(context, entries),
      };
      const result = await definition.handler(context, input.data);
      // A download is written while the transaction is open: its rows are read as it is sent.
      if (result.download) {
        if (!meta.sendDownload) throw badRequest('This call answers with a file download.');
        if (!definition.download)
          throw new Error(`${path} answers with a download but is not declared download: true.`);
        await meta.sendDownload(result.download);
      }
      return result;
    };
    caller.user = definition.access === 'public' ? null : cachedUser(services, company, token);
    const outcome =
      caller.user && definition.database === false && alwaysEnabled(path)
        ? await run(NO_DATABASE)
        : await holdingDownloadSlot(services, definition, () =>
            services.clinicShare.hold(company.company_id, () =>
              whileCallerWaits(meta.signal, () =>
                inTenant(services.db, company.company_id, run, {
                  // A download reads its rows as it sends them, an import writes a file's rows (up to
                  // IMPORT_ROWS_MAX): their statements get longer, still bounded.
                  ...(definition.download || isImport(path)
                    ? { statementTimeoutMs: downloadStatementTimeout(services.db) }
                    : {}),
                }),
              ),
            ),
          );
    if (mayChangeSessions(path)) services.sessions.cache.clearCompany(company.company_id);
    if (mayChangeModules(path)) services.moduleCache.forget(company.company_id);
    const ok = outcome.result ?? true;
    return {
      status: outcome.status ?? (ok ? 200 : 400),
      envelope: envelopeOf(services, ok, outcome.data, outcome.messages ?? [], outcome.top ?? {}),
      ...(outcome.retryAfter ? { headers: { 'retry-after': String(outcome.retryAfter) } } : {}),
    };
  } catch (error) {
    if (error instanceof ApiError) return failure(services, error);
    const unavailable = unavailableError(error);
    if (unavailable) return failure(services, unavailable);
    const behind = schemaBehind(error);
    if (behind) {
      services.log.error({ path }, behind.logLine);
      return failure(services, behind.reply);
    }
    services.log.error({ err: error, path }, 'call failed');
    return failure(
      services,
      new ApiError(500, 'Something went wrong on the server; nothing was saved.'),
    );
  }
}

/**
 * A download call takes its slot before it waits for a connection: when all are in use it is
 * refused at once by name, and the pool's waiters are left to the other calls.
 */
async function holdingDownloadSlot<T>(
  services: Services,
  definition: CallDefinition,
  work: () => Promise<T>,
): Promise<T> {
  if (!definition.download) return work();
  if (!services.downloads.take()) throw new ApiError(503, DOWNLOADS_BUSY_TEXT);
  try {
    return await work();
  } finally {
    services.downloads.give();
  }
}

/** The call's audit rows, in its transaction. Many entries (an import's rows) make one multi-row insert. */
async function writeAudit(ctx: CallContext, entries: readonly AuditEntry[]): Promise<void> {
  // 8 parameters an entry: a slice stays well under PostgreSQL's 65,535.
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_STATEMENT)
    await writeAuditRows(ctx, entries.slice(start, start + AUDIT_ROWS_PER_STATEMENT));
}

const AUDIT_ROWS_PER_STATEMENT = 4000;

async function writeAuditRows(ctx: CallContext, entries: readonly AuditEntry[]): Promise<void> {
  await ctx.trx
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        company_id: ctx.caller.company.company_id,
        user_id: ctx.caller.user?.user_id ?? entry.user_id ?? null,
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entity_id == null ? null : String(entry.entity_id),
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        ip: ctx.caller.ip,
      })),
    )
    .execute();
}
