/**
 * Secrets every server of one deployment must share (the captcha's signing keys). Migration 0015
 * creates them, so a server only ever reads them — through the request's own transaction: a
 * request never waits for a second pooled connection while it holds one.
 */
import type { Tx } from '../db/tenancy';

export async function sharedSecret(trx: Tx, name: string): Promise<string> {
  const row = await trx
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) throw new Error(`The server secret "${name}" is missing; migration 0015 creates it.`);
  return row.value;
}
