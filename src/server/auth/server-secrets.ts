/**
 * Secrets every server of one deployment must share (the captcha's signing keys): the first
 * server to need one creates it, every other server reads the same value from the database.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export async function sharedSecret(db: Kysely<DB>, name: string): Promise<string> {
  // "do nothing" on conflict: when two servers start together, the first insert wins for both.
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
