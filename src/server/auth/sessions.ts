/**
 * Login tokens: 256 random bits handed to the client once, stored only as a SHA-256 digest, with
 * an idle and an absolute expiry; revoked at logout and when the user is disabled.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isAdmin } from '../../shared/privileges';
import type { Tx } from '../db/tenancy';
import type { AuthUser } from '../domain/caller';
import { USER_DETAIL_COLUMNS } from '../../shared/users';
import { groupsOfUser } from '../users/profile';
import { SessionCache } from './session-cache';

const TOKEN_IDLE_MS = 2 * 60 * 60 * 1000;
const TOKEN_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so that reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

/** The named fields of a row, typed. */
function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}

export const newSecret = () => randomBytes(32).toString('base64url');
export const digest = (secret: string) => createHash('sha256').update(secret).digest();
/** A link's token as its table keeps it (hex digest): waitlist offers, calendar feeds. */
export const tokenHash = (token: string): string => digest(token).toString('hex');
/** Memory holds digests too, never the secrets themselves. */
const cacheKey = (secret: string) => digest(secret).toString('base64');

interface IssuedToken {
  hash: string;
  userlogin_id: number;
  logged_in_at: Date;
  expires_at: Date;
}

export class Sessions {
  constructor(
    private readonly now: () => number = Date.now,
    readonly cache: SessionCache = new SessionCache(),
  ) {}

  /** Look-ups of `cached` while the cache was on (the metrics report them). */
  readonly stats = { hits: 0, misses: 0 };

  /** The user of a token from memory, when this server checked it lately (see SessionCache). */
  cached(companyId: number, secret: string): AuthUser | null {
    const user = this.fromMemory(companyId, secret);
    if (this.cache.isActive) {
      if (user) this.stats.hits += 1;
      else this.stats.misses += 1;
    }
    return user;
  }

  private fromMemory(companyId: number, secret: string): AuthUser | null {
    if (!this.cache.isActive) return null;
    return this.cache.get(companyId, cacheKey(secret), this.now(), TOUCH_EVERY_MS);
  }

  async authenticate(trx: Tx, companyId: number, secret: string): Promise<AuthUser | null> {
    // Not counted: the dispatcher asked `cached` a moment ago.
    const hit = this.fromMemory(companyId, secret);
    if (hit) return hit;
    const generation = this.cache.generation(companyId);
    const row = await trx
      .selectFrom('user_logins as l')
      .innerJoin('users as u', (j) =>
        j.onRef('u.company_id', '=', 'l.company_id').onRef('u.user_id', '=', 'l.user_id'),
      )
      .select([
        'l.userlogin_id',
        'l.logged_in_at',
        'l.last_seen_at',
        'l.expires_at',
        'u.user_enabled',
        ...USER_DETAIL_COLUMNS.map((column) => `u.${column}` as const),
        groupsOfUser().as('groups'),
        sql<string[]>`coalesce((select array_agg(distinct p.privilege) from group_privileges p
          join user_groups g on g.company_id = p.company_id and g.group_id = p.group_id
          where g.company_id = l.company_id and g.user_id = l.user_id), '{}')`.as('privileges'),
      ])
      .where('l.company_id', '=', companyId)
      .where('l.token_hash', '=', digest(secret))
      .where('l.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row || row.user_enabled !== 1) return null;
    const now = this.now();
    if (now >= row.expires_at.getTime() || now - row.last_seen_at.getTime() >= TOKEN_IDLE_MS) {
      return null;
    }
    const touch = now - row.last_seen_at.getTime() >= TOUCH_EVERY_MS;
    if (touch) {
      await trx
        .updateTable('user_logins')
        .set({ last_seen_at: new Date(now) })
        .where('company_id', '=', companyId)
        .where('userlogin_id', '=', row.userlogin_id)
        .execute();
    }
    const { userlogin_id, logged_in_at, expires_at, privileges } = row;
    const profile = pick(row, [...USER_DETAIL_COLUMNS, 'groups']);
    const groupIds = profile.groups.map((g) => g.group_id);
    const user: AuthUser = {
      profile,
      user_id: profile.user_id,
      userlogin_id,
      group_ids: groupIds,
      privileges,
      is_admin: isAdmin(groupIds),
      logged_in_at,
      expires_at,
    };
    const lastSeen = touch ? now : row.last_seen_at.getTime();
    this.cache.put(companyId, cacheKey(secret), { user, lastSeen }, generation);
    return user;
  }

  async issue(
    trx: Tx,
    companyId: number,
    userId: number,
    meta: { ip: string; userAgent: string },
  ): Promise<IssuedToken> {
    const secret = newSecret();
    const now = this.now();
    const row = await trx
      .insertInto('user_logins')
      .values({
        company_id: companyId,
        user_id: userId,
        token_hash: digest(secret),
        logged_in_at: new Date(now),
        last_seen_at: new Date(now),
        expires_at: new Date(now + TOKEN_ABSOLUTE_MS),
        ip: meta.ip,
        user_agent: meta.userAgent.slice(0, 500),
      })
      .returning(['userlogin_id', 'logged_in_at', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { hash: secret, ...row };
  }

  async revoke(trx: Tx, userloginId: number): Promise<void> {
    await trx
      .updateTable('user_logins')
      .set({ revoked_at: new Date(this.now()) })
      .where('userlogin_id', '=', userloginId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Ends every session of a user at once (disabled user, password changed), except `keep`: the
   * session that changed its own password stays signed in.
   */
  async revokeAllOf(trx: Tx, userId: number, keep?: number): Promise<void> {
    let query = trx
      .updateTable('user_logins')
      .set({ revoked_at: new Date(this.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keep !== undefined) query = query.where('userlogin_id', '!=', keep);
    await query.execute();
  }
}
