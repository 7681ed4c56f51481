/**
 * Throttling of logins and reset requests, kept in `auth_attempts` so that every server of a
 * deployment sees the same counts. Subjects are an account (`email:…`) or an address (`ip:…`);
 * the database clock is the only clock, so servers with skewed clocks still agree.
 */
import { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Tx } from '../db/tenancy';
import { ApiError } from '../http/errors';

interface AttemptRule {
  kind: 'login' | 'reset' | 'booking';
  windowSeconds: number;
}

export const LOGIN_RULE: AttemptRule = { kind: 'login', windowSeconds: 15 * 60 };
export const RESET_RULE: AttemptRule = { kind: 'reset', windowSeconds: 60 * 60 };

export const accountSubject = (email: string) => `email:${email}`;
/** An IPv6 client holds a whole /64: one address here, or it could rotate past the counts. */
export const addressSubject = (ip: string) => `ip:${normalizeIP(ip, 64)}`;

/** The recent attempts of one subject, newest first. */
class AttemptCount {
  constructor(
    private readonly rule: AttemptRule,
    /** Seconds since each attempt, newest first. */
    private readonly ages: readonly number[],
  ) {}

  get count(): number {
    return this.ages.length;
  }

  reached(limit: number): boolean {
    return this.ages.length >= limit;
  }

  /**
   * The growing wait once `threshold` attempts are counted: `first` seconds after the
   * threshold-th, doubling with each further attempt up to `longest`, measured from the newest
   * attempt. What is left of it, in whole seconds (0 when there is no wait).
   */
  secondsToWait(threshold: number, first: number, longest: number): number {
    const newest = this.ages[0];
    if (newest === undefined || this.ages.length < threshold) return 0;
    const wait = Math.min(first * 2 ** (this.ages.length - threshold), longest);
    return Math.max(0, Math.ceil(wait - newest));
  }

  /** When the count drops below `limit`: the limit-th newest attempt leaves the window. */
  secondsUntilBelow(limit: number): number {
    const age = this.ages[limit - 1];
    return age === undefined ? 0 : Math.max(1, Math.ceil(this.rule.windowSeconds - age));
  }
}

const within = (rule: AttemptRule) =>
  sql<Date>`now() - make_interval(secs => ${rule.windowSeconds})`;

/**
 * Serialises the attempts on one subject until the transaction ends, so that a burst of parallel
 * guesses cannot all read the count before any of them is recorded.
 */
async function lockSubject(trx: Tx, companyId: number, subject: string): Promise<void> {
  const key = `auth:${companyId}:${subject}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * The subjects an attempt for `email` from `ip` counts against (the account, the address), both
 * locked so that parallel attempts on either are counted one after the other — guesses at many
 * accounts from one address too, whichever server they reach. Always the account first, then the
 * address: no attempt holds an address while waiting for an account, so no two deadlock.
 */
export async function lockedSubjects(
  trx: Tx,
  companyId: number,
  email: string,
  ip: string,
): Promise<readonly [account: string, address: string]> {
  const account = accountSubject(email);
  const address = addressSubject(ip);
  await lockSubject(trx, companyId, account);
  await lockSubject(trx, companyId, address);
  return [account, address];
}

/** Counts at most `limit` attempts: enough to decide, however many an attacker made. */
export async function countAttempts(
  trx: Tx,
  companyId: number,
  rule: AttemptRule,
  subject: string,
  limit: number,
): Promise<AttemptCount> {
  const rows = await trx
    .selectFrom('auth_attempts')
    .select(sql<number>`extract(epoch from now() - at)::float8`.as('age'))
    .where('company_id', '=', companyId)
    .where('kind', '=', rule.kind)
    .where('subject', '=', subject)
    .where('at', '>', within(rule))
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return new AttemptCount(
    rule,
    rows.map((r) => r.age),
  );
}

export async function recordAttempt(
  trx: Tx,
  companyId: number,
  rule: AttemptRule,
  subjects: readonly string[],
): Promise<void> {
  await trx
    .insertInto('auth_attempts')
    .values(subjects.map((subject) => ({ company_id: companyId, kind: rule.kind, subject })))
    .execute();
  // Rows past the window count for nothing any more; dropping them keeps the table small.
  await trx
    .deleteFrom('auth_attempts')
    .where('company_id', '=', companyId)
    .where('kind', '=', rule.kind)
    .where('subject', 'in', subjects)
    .where('at', '<=', within(rule))
    .execute();
}

export async function clearAttempts(
  trx: Tx,
  companyId: number,
  rule: AttemptRule,
  subject: string,
): Promise<void> {
  await trx
    .deleteFrom('auth_attempts')
    .where('company_id', '=', companyId)
    .where('kind', '=', rule.kind)
    .where('subject', '=', subject)
    .execute();
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in words: seconds under two minutes, else whole minutes rounded up. */
export const waitInWords = (seconds: number): string =>
  seconds < 120 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');

export function tooManyAttempts(seconds: number): ApiError {
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(429, `Too many attempts. Please try again in ${plural(minutes, 'minute')}.`);
}
