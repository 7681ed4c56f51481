/** Typed queries on one user's preferences for one module, always scoped to the company. */
import { sql } from 'kysely';
import type { Tx } from '../db/tenancy';

export interface PreferenceOwner {
  companyId: number;
  userId: number;
  moduleId: number;
}

export type Preferences = Record<string, unknown>;

export async function readPreferences(trx: Tx, owner: PreferenceOwner): Promise<Preferences> {
  const row = await trx
    .selectFrom('user_preferences')
    .select('preferences')
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('module_id', '=', owner.moduleId)
    .executeTakeFirst();
  return row?.preferences ?? {};
}

/**
 * Sets one field, merging in SQL so that two tabs saving different fields at once both keep
 * theirs. Answers the merged object and its stored size for the caller's limit check.
 */
export async function mergePreference(
  trx: Tx,
  owner: PreferenceOwner,
  field: string,
  value: unknown,
): Promise<{ preferences: Preferences; size: number }> {
  return trx
    .insertInto('user_preferences')
    .values({
      company_id: owner.companyId,
      user_id: owner.userId,
      module_id: owner.moduleId,
      preferences: JSON.stringify({ [field]: value }),
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'user_id', 'module_id']).doUpdateSet({
        preferences: sql<string>`user_preferences.preferences || excluded.preferences`,
      }),
    )
    .returning(['preferences', sql<number>`octet_length(preferences::text)`.as('size')])
    .executeTakeFirstOrThrow();
}

export async function deletePreferences(trx: Tx, owner: PreferenceOwner): Promise<void> {
  await trx
    .deleteFrom('user_preferences')
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('module_id', '=', owner.moduleId)
    .execute();
}
