/**
 * Captcha solutions already accepted. A solution is good once for the whole deployment, so the
 * claim is in the database that every server shares (not tenant data; the app role claims and
 * clears expired claims).
 */
import type { Migration } from '../migrate';

export const captchaUses: Migration = {
  name: '0014_captcha_uses',
  sql: `
create table captcha_uses (
  nonce text primary key,
  expires_at timestamptz not null
);
create index captcha_uses_expiry on captcha_uses (expires_at);
grant select, insert, delete on captcha_uses to :app_role;
`,
};
