/**
 * Which modules each company has switched off, kept in memory so that a call needs no query of
 * its own to learn that its module is on (the dispatcher asks on every call of a module that can
 * be switched off). Kept honest the way the session cache is:
 * - the dispatcher forgets a company as soon as one of its modules/ writes commits (this server);
 * - every module write notifies the company on the session channel in its transaction
 *   (`notifyModuleChange`), and every server's change listener forgets the company at commit;
 * - nothing is kept while that listener is not connected;
 * - an entry lives at most MAX_AGE_MS, for a change made outside the application (an operator's
 *   SQL, which no trigger announces).
 * A read that raced a change is not stored: each company has a generation, bumped by every
 * forget, and a read is kept only if the generation did not move while it ran.
 */
import { sql } from 'kysely';
import { SESSION_CHANNEL } from '../auth/channels';
import type { Tx } from '../db/tenancy';

const MAX_AGE_MS = 30_000;

interface Entry {
  off: ReadonlySet<string>;
  readAt: number;
}

export class ModuleSwitches {
  private readonly byCompany = new Map<number, Entry>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;
  private active = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Caching runs only while changes can be heard (the listener is connected). */
  setActive(active: boolean): void {
    this.active = active;
    if (!active) this.clearAll();
  }

  /** Whether the company's module is on; a module without a row counts as on. */
  async isEnabled(trx: Tx, companyId: number, moduleName: string): Promise<boolean> {
    const known = this.byCompany.get(companyId);
    if (known && this.now() - known.readAt < MAX_AGE_MS) return !known.off.has(moduleName);
    const generation = this.generation(companyId);
    const readAt = this.now();
    const rows = await trx
      .selectFrom('modules')
      .select('module_name')
      .where('company_id', '=', companyId)
      .where('module_enabled', '!=', 1)
      .execute();
    const off = new Set(rows.map((row) => row.module_name));
    if (this.active && generation === this.generation(companyId)) {
      this.byCompany.set(companyId, { off, readAt });
    }
    return !off.has(moduleName);
  }

  forget(companyId: number): void {
    this.generations.set(companyId, (this.generations.get(companyId) ?? 0) + 1);
    this.byCompany.delete(companyId);
  }

  clearAll(): void {
    this.epoch += 1;
    this.byCompany.clear();
  }

  private generation(companyId: number): string {
    return `${this.epoch}.${this.generations.get(companyId) ?? 0}`;
  }
}

/** Tells every server, at commit, that the company's module rows changed. */
export async function notifyModuleChange(trx: Tx, companyId: number): Promise<void> {
  await sql`select pg_notify(${SESSION_CHANNEL}, ${String(companyId)})`.execute(trx);
}
