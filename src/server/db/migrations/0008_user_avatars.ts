/**
 * User pictures (avatars), stored in the database so that every server of a company serves the
 * same ones. One per user; a new upload gets a new random key, so its address changes and the
 * old one may be cached for ever. The bytes were checked to be PNG, JPEG, WebP or GIF.
 */
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../shared/avatars';
import type { Migration } from '../migrate';
import { tenantTableSql } from '../tenant-sql';

const types = AVATAR_TYPES.map((type) => `'${type}'`).join(', ');

export const userAvatars: Migration = {
  name: '0008_user_avatars',
  sql: `
create table user_avatars (
  company_id bigint not null,
  user_id bigint not null,
  avatar_key text not null,
  avatar_content_type text not null check (avatar_content_type in (${types})),
  avatar_data bytea not null check (octet_length(avatar_data) between 1 and ${AVATAR_MAX_BYTES}),
  created_at timestamptz not null default now(),
  primary key (company_id, user_id),
  unique (company_id, avatar_key),
  foreign key (company_id, user_id) references users on delete cascade
);
${tenantTableSql('user_avatars')}`,
};
