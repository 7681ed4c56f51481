/**
 * Online booking (src/server/booking/), public and without a login:
 * - its manage links are signed with a secret every server of the deployment shares (HMAC), so a
 *   link needs no row of its own and one server verifies what another signed;
 * - bookings an address makes are counted like logins (auth_attempts, kind 'booking'), so that
 *   from a few bookings an hour the address must solve the captcha.
 */
import type { Migration } from '../migrate';

export const publicBooking0045: Migration = {
  name: '0045_public_booking',
  sql: `
insert into server_secrets (name, value)
values ('booking_manage_token', encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex'))
on conflict (name) do nothing;

alter table auth_attempts drop constraint auth_attempts_kind_check;
alter table auth_attempts add constraint auth_attempts_kind_check
  check (kind in ('login', 'reset', 'booking'));
`,
};
