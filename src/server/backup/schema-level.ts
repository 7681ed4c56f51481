/**
 * The schema level of a database: which of this Materia's migrations it has applied. Backups
 * record it; a restore migrates its target to it before loading rows, and past it afterwards.
 */
import type pg from 'pg';
import type { Migration } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations';

/** The applied migrations, in order; throws when they are not a start of the known list. */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query(`select to_regclass('public.schema_migrations') as t`);
  if (!(exists.rows[0] as { t: string | null }).t) return [];
  const { rows } = await client.query<{ name: string }>('select name from schema_migrations');
  return knownPrefix(rows.map((r) => r.name));
}

/** `names` as a start of MIGRATIONS, in its order; throws naming what does not fit. */
export function knownPrefix(names: string[]): string[] {
  const applied = new Set(names);
  const unknown = names.filter((n) => !MIGRATIONS.some((m) => m.name === n));
  if (unknown.length) {
    throw new Error(
      `The schema has migrations this Materia does not know (${unknown.join(', ')}): ` +
        'use the Materia version that made it, or a newer one.',
    );
  }
  const prefix = MIGRATIONS.slice(0, applied.size).map((m) => m.name);
  const missing = prefix.filter((n) => !applied.has(n));
  if (missing.length) {
    throw new Error(`The schema lacks migrations that later ones need: ${missing.join(', ')}.`);
  }
  return prefix;
}

/** The migrations after `applied` up to and including `level` (all remaining when null). */
export function migrationsBetween(applied: string[], level: string | null): Migration[] {
  const end =
    level === null ? MIGRATIONS.length : MIGRATIONS.findIndex((m) => m.name === level) + 1;
  return MIGRATIONS.slice(applied.length, Math.max(end, applied.length));
}
