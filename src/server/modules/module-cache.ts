/**
 * Each company's module rows (switched on or off, and their settings), kept in memory so that a
 * call needs no query of its own to learn that its module is on (the dispatcher asks on every
 * call of a module that can be switched off) or what its module allows (an insert's capabilities:
 * entities/capabilities.ts). Kept honest the way the session cache is:
 * - the dispatcher forgets a company as soon as one of its modules/ writes commits (this server);
 * - every module write notifies the company on the session channel in its transaction
 *   (`notifyModuleChange`, repository.ts), and every server's change listener forgets the company at commit;
 * - nothing is kept while that listener is not connected;
 * - an entry lives at most MAX_AGE_MS, for a change made outside the application (an operator's
 *   SQL, which no trigger announces).
 * A read that raced a change is not stored: each company has a generation, bumped by every
 * forget, and a read is kept only if the generation did not move while it ran.
 */
import type { Tx } from '../db/tenancy';
import { modulesOf, type ModuleRow } from './repository';

const MAX_AGE_MS = 30_000;

interface Entry {
  byName: ReadonlyMap<string, Readonly<ModuleRow>>;
  readAt: number;
}

export class ModuleCache {
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
    const row = await this.row(trx, companyId, moduleName);
    return !row || row.module_enabled === 1;
  }

  /** The company's row of the module, as stored; not to be changed by the caller. */
  async row(
    trx: Tx,
    companyId: number,
    moduleName: string,
  ): Promise<Readonly<ModuleRow> | undefined> {
    const known = this.byCompany.get(companyId);
    if (known && this.now() - known.readAt < MAX_AGE_MS) return known.byName.get(moduleName);
    const generation = this.generation(companyId);
    const readAt = this.now();
    const rows = await modulesOf(trx, companyId).execute();
    const byName = new Map(rows.map((row) => [row.module_name, Object.freeze(row)]));
    if (this.active && generation === this.generation(companyId)) {
      this.byCompany.set(companyId, { byName, readAt });
    }
    return byName.get(moduleName);
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
