/**
 * SQL that makes a table a tenant table: row-level security forced on its owner too, a policy on
 * the request's company, grants to the app role, and (for entity tables) per-company ids.
 */
export function tenantTableSql(table: string, idColumn?: string): string {
  const idTrigger = idColumn
    ? `create trigger ${table}_tenant_id before insert on ${table}
  for each row execute function assign_tenant_id('${idColumn}');`
    : '';
  return `
alter table ${table} enable row level security;
alter table ${table} force row level security;
create policy ${table}_tenant on ${table}
  using (company_id = current_company()) with check (company_id = current_company());
grant select, insert, update, delete on ${table} to :app_role;
${idTrigger}`;
}
