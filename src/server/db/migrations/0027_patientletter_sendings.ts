/**
 * Letters sent by e-mail (patientletters/send): when, to which address and by whom, one row per
 * sending. A letter's sendings go with it; a user's stay (the address and time still say what
 * happened) with the user left empty.
 */
import type { Migration } from '../migrate';
import { tenantTableSql } from '../tenant-sql';

export const patientletterSendings0027: Migration = {
  name: '0027_patientletter_sendings',
  sql: `
create table patientletter_sendings (
  company_id bigint not null references companies on delete cascade,
  sending_id bigint not null,
  patientletter_id bigint not null,
  sent_at timestamptz not null default now(),
  sent_to text not null check (sent_to <> ''),
  user_id bigint,
  primary key (company_id, sending_id),
  foreign key (company_id, patientletter_id) references patientletters on delete cascade,
  foreign key (company_id, user_id) references users on delete set null (user_id)
);
create index patientletter_sendings_letter
  on patientletter_sendings (company_id, patientletter_id, sent_at);
${tenantTableSql('patientletter_sendings', 'sending_id')}`,
};
