/**
 * Secrets every server of the deployment must share (captcha signing keys, …), created on first
 * use. Not tenant data: readable by the app role, never sent to clients.
 */
import type { Migration } from '../migrate';

export const serverSecrets: Migration = {
  name: '0002_server_secrets',
  sql: `
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
grant select, insert on server_secrets to :app_role;
`,
};
