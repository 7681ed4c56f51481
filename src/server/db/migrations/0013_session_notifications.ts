/**
 * Change notifications for the session cache (src/server/auth/session-cache.ts): whatever changes
 * who a logged-in user is or what they may do — their row, their groups, a group's privileges, a
 * revoked token — notifies the company's id on one channel, at commit, to every server. Done by
 * triggers so that no path (a call, the company command, an operator's SQL) can forget it.
 */
import type { Migration } from '../migrate';

const CHANNEL = 'materia_auth'; // SESSION_CHANNEL, frozen here as this migration ran

const onChange = (table: string) => `
create trigger ${table}_session_change after insert or update or delete on ${table}
  for each row execute function notify_session_change();`;

export const sessionNotifications: Migration = {
  name: '0013_session_notifications',
  sql: `
create function notify_session_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('${CHANNEL}',
    (case tg_op when 'DELETE' then old.company_id else new.company_id end)::text);
  return null;
end $$;
${onChange('users')}
${onChange('groups')}
${onChange('user_groups')}
${onChange('group_privileges')}
create trigger user_logins_session_change after update of revoked_at on user_logins
  for each row when (new.revoked_at is distinct from old.revoked_at)
  execute function notify_session_change();
`,
};
