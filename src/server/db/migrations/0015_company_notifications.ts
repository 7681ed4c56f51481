/**
 * Two things a running server must never have to create from inside a request:
 * - every change of a company (a new one above all) notifies its slug on `materia_companies`, at
 *   commit, so every server's directory forgets what it cached for that slug (a slug looked up
 *   before its company existed was "unknown" for 30 s);
 * - the captcha's signing keys exist from the start (they were created on first use, through a
 *   second pooled connection taken while the request held one).
 */
import type { Migration } from '../migrate';

const CHANNEL = 'materia_companies'; // COMPANY_CHANNEL, frozen here as this migration ran

// gen_random_uuid() draws 122 bits from the strong random source; two of them, hashed.
const secret = (name: string) => `
insert into server_secrets (name, value)
values ('${name}', encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex'))
on conflict (name) do nothing;`;

export const companyNotifications: Migration = {
  name: '0015_company_notifications',
  sql: `
create function notify_company_change() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then perform pg_notify('${CHANNEL}', old.company_slug); end if;
  if tg_op <> 'DELETE' then perform pg_notify('${CHANNEL}', new.company_slug); end if;
  return null;
end $$;
create trigger companies_change after insert or update or delete on companies
  for each row execute function notify_company_change();
${secret('altcha_hmac_signature')}
${secret('altcha_hmac_key_signature')}
`,
};
