/**
 * Tokens this server recently checked, kept in memory so that the hot calls (the heartbeat's
 * users/check_authentication above all) need no query while nothing about the session changed.
 * Correctness rests on invalidation, never on a guess about time:
 * - the dispatcher clears a company's entries as soon as one of its calls under users/ or groups/
 *   commits (logout, disable, password, membership, privileges) — on this server at once;
 * - every server clears them when PostgreSQL notifies a change to users, groups, memberships,
 *   privileges or a revoked token (the triggers of migration 0013), whoever made it;
 * - while the notification listener is not connected nothing is cached at all;
 * - an entry is used only until its session's last_seen_at is due to be written again, so idle
 *   expiry and the touch work exactly as without the cache.
 * A read that raced an invalidation is not stored: each company has a generation, bumped by
 * every clear, and an entry is kept only if the generation did not move while it was read.
 */
import type { AuthUser } from '../domain/caller';

interface Entry {
  user: AuthUser;
  /** When the session's last_seen_at was written, as stored. */
  lastSeen: number;
}

/** Beyond this many tokens the oldest are dropped (a clinic has far fewer live sessions). */
const MAX_ENTRIES = 20_000;

export class SessionCache {
  private readonly byCompany = new Map<number, Map<string, Entry>>();
  private readonly generations = new Map<number, number>();
  /** Bumped when everything is dropped (the listener lost its connection, or too many). */
  private epoch = 0;
  private size = 0;
  private active = false;

  /** Caching runs only while invalidations can arrive (the listener is connected). */
  setActive(active: boolean): void {
    this.active = active;
    if (!active) this.clearAll();
  }

  get isActive(): boolean {
    return this.active;
  }

  /** Read before a query; `put` keeps the result only if it is unchanged afterwards. */
  generation(companyId: number): string {
    return `${this.epoch}.${this.generations.get(companyId) ?? 0}`;
  }

  /** The cached user of a token, if its entry is still good at `now` (else null). */
  get(companyId: number, key: string, now: number, freshForMs: number): AuthUser | null {
    const entry = this.byCompany.get(companyId)?.get(key);
    if (!entry) return null;
    if (now - entry.lastSeen >= freshForMs || now >= entry.user.expires_at.getTime()) {
      this.byCompany.get(companyId)?.delete(key);
      this.size -= 1;
      return null;
    }
    return entry.user;
  }

  /** Stores what a query read, unless the company was invalidated since `generation`. */
  put(companyId: number, key: string, entry: Entry, generation: string): void {
    if (!this.active || this.generation(companyId) !== generation) return;
    if (this.size >= MAX_ENTRIES) this.clearAll();
    let tokens = this.byCompany.get(companyId);
    if (!tokens) this.byCompany.set(companyId, (tokens = new Map<string, Entry>()));
    if (!tokens.has(key)) this.size += 1;
    tokens.set(key, entry);
  }

  clearCompany(companyId: number): void {
    this.generations.set(companyId, (this.generations.get(companyId) ?? 0) + 1);
    this.size -= this.byCompany.get(companyId)?.size ?? 0;
    this.byCompany.delete(companyId);
  }

  clearAll(): void {
    this.epoch += 1;
    this.byCompany.clear();
    this.size = 0;
  }
}
