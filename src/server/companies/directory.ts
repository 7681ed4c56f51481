/**
 * Finds companies by slug. Companies change rarely, so lookups are cached; every change of a
 * company notifies its slug (migration 0015) and the change listener forgets it here on every
 * server, so a company created anywhere is known at once. Unknown slugs are cached only while
 * those notifications can arrive (else a slug probed before its company existed would stay
 * unknown); a lookup that raced a notification is not stored.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Company } from '../domain/company';

/** A backstop only: notifications keep the cache right. */
const TTL_MS = 30_000;
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export class CompanyDirectory {
  private readonly cache = new Map<string, { company: Company | null; at: number }>();
  private notified = false;
  /** Bumped by every forget, so a lookup that overlapped one does not store a stale answer. */
  private generation = 0;

  constructor(private readonly db: Kysely<DB>) {}

  async bySlug(slug: string): Promise<Company | null> {
    const key = slug.trim().toLowerCase();
    if (!SLUG.test(key)) return null;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.company;
    const generation = this.generation;
    const company =
      (await this.db
        .selectFrom('companies')
        .select(['company_id', 'company_slug', 'company_name'])
        .where('company_slug', '=', key)
        .executeTakeFirst()) ?? null;
    // Unknown slugs are remembered too (probing can not hammer the database) — while notified.
    if (generation === this.generation && (company || this.notified)) {
      this.cache.set(key, { company, at: Date.now() });
    }
    return company;
  }

  forget(slug: string): void {
    this.generation += 1;
    this.cache.delete(slug.toLowerCase());
  }

  /** Whether change notifications arrive; when they stop, cached answers may go stale. */
  setNotified(notified: boolean): void {
    this.notified = notified;
    this.generation += 1;
    if (!notified) this.cache.clear();
  }
}
