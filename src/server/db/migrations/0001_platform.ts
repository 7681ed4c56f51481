/** Companies, per-company ids, users, groups, logins, modules, preferences, privileges, audit. */
import type { Migration } from '../migrate';
import { tenantTableSql } from '../tenant-sql';

export const platform: Migration = {
  name: '0001_platform',
  sql: `
create extension if not exists pg_trgm;
create extension if not exists citext;

create table companies (
  company_id bigint generated always as identity primary key,
  company_slug text not null unique check (company_slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  company_name text not null check (length(company_name) between 1 and 255),
  created_at timestamptz not null default now()
);

-- The company a request runs for; '' (a reset setting) and unset both mean none.
create function current_company() returns bigint language sql stable as
  $$ select nullif(current_setting('app.company_id', true), '')::bigint $$;

-- Ids are numbered from 1 in each company (group 1 is each clinic's admins). Sequences, not a
-- counter row, so that concurrent inserts never queue behind each other's transactions.
create schema tenant_seq;
create function tenant_next_id(p_company bigint, p_table text, p_explicit bigint)
returns bigint language plpgsql security definer set search_path = pg_catalog, public as $$
declare
  seq text := format('tenant_seq.%I', p_table || '_' || p_company);
  value bigint;
begin
  if p_company is distinct from current_company() then
    raise exception 'row for company % written outside its tenant', p_company;
  end if;
  begin
    if p_explicit is null then
      value := nextval(seq);
    else
      value := p_explicit;
      perform setval(seq, greatest(p_explicit, (select last_value from pg_sequences
        where schemaname = 'tenant_seq' and sequencename = p_table || '_' || p_company)));
    end if;
  exception when undefined_table then
    begin
      execute format('create sequence if not exists %s', seq);
    exception when unique_violation or duplicate_table then null;
    end;
    return tenant_next_id(p_company, p_table, p_explicit);
  end;
  return value;
end $$;
revoke all on function tenant_next_id(bigint, text, bigint) from public;
grant execute on function tenant_next_id(bigint, text, bigint) to :app_role;

create function assign_tenant_id() returns trigger language plpgsql as $$
declare
  col text := TG_ARGV[0];
  explicit bigint := (to_jsonb(new) ->> col)::bigint;
begin
  new := jsonb_populate_record(new, jsonb_build_object(col,
    tenant_next_id(new.company_id, TG_TABLE_NAME, explicit)));
  return new;
end $$;

create table users (
  company_id bigint not null references companies on delete cascade,
  user_id bigint not null,
  user_first_name text not null default '',
  user_last_name text not null default '',
  user_surname text not null default '',
  user_email citext not null,
  user_avatar text not null default '',
  user_dob date,
  user_reference_number text not null default '',
  user_phone text not null default '',
  user_mobile text not null default '',
  user_preferred_contact text not null default 'Email',
  user_sex text not null default '',
  user_gender text not null default '',
  user_notes text not null default '',
  user_enabled smallint not null default 1 check (user_enabled in (0, 1)),
  user_password_hash text not null default '',
  user_created_at timestamptz not null default now(),
  user_updated_at timestamptz not null default now(),
  primary key (company_id, user_id),
  unique (company_id, user_email)
);
${tenantTableSql('users', 'user_id')}

create table groups (
  company_id bigint not null references companies on delete cascade,
  group_id bigint not null,
  group_name text not null,
  group_key text not null,
  group_description text not null default '',
  primary key (company_id, group_id),
  unique (company_id, group_key)
);
${tenantTableSql('groups', 'group_id')}

create table user_groups (
  company_id bigint not null,
  user_id bigint not null,
  group_id bigint not null,
  primary key (company_id, user_id, group_id),
  foreign key (company_id, user_id) references users on delete cascade,
  foreign key (company_id, group_id) references groups on delete cascade
);
create index on user_groups (company_id, group_id);
${tenantTableSql('user_groups')}

create table group_privileges (
  company_id bigint not null,
  group_id bigint not null,
  privilege text not null,
  primary key (company_id, group_id, privilege),
  foreign key (company_id, group_id) references groups on delete cascade
);
${tenantTableSql('group_privileges')}

create table user_logins (
  company_id bigint not null references companies on delete cascade,
  userlogin_id bigint generated always as identity,
  user_id bigint not null,
  token_hash bytea not null unique,
  logged_in_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text not null default '',
  user_agent text not null default '',
  primary key (company_id, userlogin_id),
  foreign key (company_id, user_id) references users on delete cascade
);
create index on user_logins (company_id, user_id) where revoked_at is null;
${tenantTableSql('user_logins')}

create table password_resets (
  company_id bigint not null references companies on delete cascade,
  reset_id bigint generated always as identity,
  user_id bigint not null,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (company_id, reset_id),
  foreign key (company_id, user_id) references users on delete cascade
);
${tenantTableSql('password_resets')}

-- Failed logins and reset requests, per account and per address, for throttling and captcha.
create table auth_attempts (
  company_id bigint not null references companies on delete cascade,
  attempt_id bigint generated always as identity,
  kind text not null check (kind in ('login', 'reset')),
  subject text not null,
  at timestamptz not null default now(),
  primary key (company_id, attempt_id)
);
create index on auth_attempts (company_id, kind, subject, at);
${tenantTableSql('auth_attempts')}

create table modules (
  company_id bigint not null references companies on delete cascade,
  module_id bigint not null,
  module_name text not null,
  module_description text not null default '',
  module_enabled smallint not null default 1 check (module_enabled in (0, 1)),
  module_essential smallint not null default 0 check (module_essential in (0, 1)),
  module_settings jsonb not null default '{}',
  module_public_settings jsonb not null default '{}',
  module_order integer not null default 0,
  primary key (company_id, module_id),
  unique (company_id, module_name)
);
${tenantTableSql('modules', 'module_id')}

create table module_groups (
  company_id bigint not null,
  module_id bigint not null,
  group_id bigint not null,
  primary key (company_id, module_id, group_id),
  foreign key (company_id, module_id) references modules on delete cascade,
  foreign key (company_id, group_id) references groups on delete cascade
);
${tenantTableSql('module_groups')}

create table user_preferences (
  company_id bigint not null,
  user_id bigint not null,
  module_id bigint not null,
  preferences jsonb not null default '{}',
  primary key (company_id, user_id, module_id),
  foreign key (company_id, user_id) references users on delete cascade,
  foreign key (company_id, module_id) references modules on delete cascade
);
${tenantTableSql('user_preferences')}

create table audit_log (
  company_id bigint not null references companies on delete cascade,
  audit_id bigint generated always as identity,
  at timestamptz not null default now(),
  user_id bigint,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text not null default '',
  primary key (company_id, audit_id)
);
create index on audit_log (company_id, entity, entity_id);
${tenantTableSql('audit_log')}
-- The audit trail is append-only for the application.
revoke update, delete on audit_log from :app_role;

grant select, insert, update on companies to :app_role;
grant usage on schema tenant_seq to :app_role;
`,
};
