/**
 * The audit trail people read (issue 17): indexes for its keyset pages — a record's history, a
 * user's activity, the admin trail by action or date — all ending in audit_id so that "newest
 * first, older than X" is one index range; and the one path by which rows may leave it.
 */
import type { Migration } from '../migrate';

export const auditTrail0022: Migration = {
  name: '0022_audit_trail',
  sql: `
-- (company_id, entity, entity_id) is a prefix of the record index below: it adds nothing.
drop index if exists audit_log_company_id_entity_entity_id_idx;
create index audit_log_record_trail on audit_log (company_id, entity, entity_id, audit_id);
create index audit_log_user_trail on audit_log (company_id, user_id, audit_id);
create index audit_log_action_trail on audit_log (company_id, action, audit_id);
create index audit_log_at on audit_log (company_id, at);

-- The app role may neither update nor delete audit rows (0001). Pruning is the one exception: this
-- function, run with its owner's rights, removes only the current company's rows older than the
-- retention, and never less than a year's worth whatever it is given.
create function prune_audit_log(retention_years integer) returns bigint
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  removed bigint;
begin
  delete from audit_log
    where company_id = current_company()
      and at < now() - make_interval(years => greatest(retention_years, 1));
  get diagnostics removed = row_count;
  return removed;
end;
$$;
revoke all on function prune_audit_log(integer) from public;
grant execute on function prune_audit_log(integer) to :app_role;
`,
};
