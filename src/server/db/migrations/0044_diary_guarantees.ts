/**
 * What the diary must never get wrong, held by the database rather than by a check in Node:
 * - one practitioner, or one room, never has two live appointments that overlap, whatever the
 *   number of servers and concurrent callers (exclusion constraints over `tstzrange`, btree_gist
 *   for the equality parts); cancelled appointments free their time;
 * - an appointment ends after it starts;
 * - each message (confirmation, reminder, …) is logged once under its own key, so a job that runs
 *   twice finds it sent and does not send it again (src/server/messages/);
 * - waitlist offers and calendar feed tokens, kept as hashes, one per record.
 */
import type { Migration } from '../migrate';
import { tenantTableSql } from '../tenant-sql';

const LIVE = `appointment_status not in ('cancelled', 'late_cancelled')`;
const DURING = 'tstzrange(appointment_start, appointment_end)';

export const diaryGuarantees0044: Migration = {
  name: '0044_diary_guarantees',
  sql: `
create extension if not exists btree_gist;

alter table appointments
  add constraint appointments_end_after_start check (appointment_end > appointment_start),
  add constraint appointments_practitioner_no_overlap exclude using gist
    (company_id with =, appointment_practitioner_id with =, ${DURING} with &&) where (${LIVE}),
  add constraint appointments_room_no_overlap exclude using gist
    (company_id with =, appointment_room_id with =, ${DURING} with &&)
    where (appointment_room_id is not null and ${LIVE});

alter table working_hours
  add constraint working_hours_end_after_start check (working_hour_end > working_hour_start);
alter table availability_exceptions
  add constraint availability_exceptions_days_in_order
    check (availability_exception_until >= availability_exception_from);

create table appointment_messages (
  company_id bigint not null references companies on delete cascade,
  message_id bigint not null,
  appointment_id bigint,
  waitlist_entry_id bigint,
  patient_id bigint,
  kind text not null check (kind in ('confirmation', 'reminder', 'cancellation', 'rescheduled',
    'waitlist_offer', 'waitlist_gone', 'rebooking')),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null default '',
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  -- One row per message that should exist: "reminder:<appointment>:<start>" and so on.
  message_key text not null,
  due_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  error text not null default '',
  created_at timestamptz not null default now(),
  primary key (company_id, message_id),
  unique (company_id, message_key),
  foreign key (company_id, appointment_id) references appointments on delete cascade,
  foreign key (company_id, waitlist_entry_id) references waitlist_entries on delete cascade,
  foreign key (company_id, patient_id) references patients on delete cascade
);
create index appointment_messages_appointment on appointment_messages (company_id, appointment_id, created_at);
${tenantTableSql('appointment_messages', 'message_id')}

create table waitlist_offers (
  company_id bigint not null references companies on delete cascade,
  offer_id bigint not null,
  waitlist_entry_id bigint not null,
  appointment_type_id bigint not null,
  practitioner_id bigint not null,
  offer_start timestamptz not null,
  offer_end timestamptz not null,
  status text not null default 'offered' check (status in ('offered', 'accepted', 'gone', 'expired')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  appointment_id bigint,
  created_at timestamptz not null default now(),
  primary key (company_id, offer_id),
  foreign key (company_id, waitlist_entry_id) references waitlist_entries on delete cascade,
  foreign key (company_id, appointment_type_id) references appointment_types on delete cascade,
  foreign key (company_id, practitioner_id) references users on delete cascade,
  foreign key (company_id, appointment_id) references appointments on delete set null (appointment_id)
);
create index waitlist_offers_slot on waitlist_offers (company_id, practitioner_id, offer_start);
${tenantTableSql('waitlist_offers', 'offer_id')}

create table calendar_feeds (
  company_id bigint not null references companies on delete cascade,
  user_id bigint not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  primary key (company_id, user_id),
  foreign key (company_id, user_id) references users on delete cascade
);
${tenantTableSql('calendar_feeds')}
`,
};
