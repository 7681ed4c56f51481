/** Finds companies by slug. Companies change rarely, so lookups are cached for a short while. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Company } from '../http/calls';

const TTL_MS = 30_000;
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export class CompanyDirectory {
  private readonly cache = new Map<string, { company: Company | null; at: number }>();

  constructor(private readonly db: Kysely<DB>) {}

  async bySlug(slug: string): Promise<Company | null> {
    const key = slug.trim().toLowerCase();
    if (!SLUG.test(key)) return null;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.company;
    const company =
      (await this.db
        .selectFrom('companies')
        .select(['company_id', 'company_slug', 'company_name'])
        .where('company_slug', '=', key)
        .executeTakeFirst()) ?? null;
    // Unknown slugs are remembered briefly too, so that probing cannot hammer the database.
    this.cache.set(key, { company, at: Date.now() });
    return company;
  }

  forget(slug: string): void {
    this.cache.delete(slug.toLowerCase());
  }
}
