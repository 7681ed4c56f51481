/**
 * The user object every account call answers with: the user's own fields, groups and
 * the session's token fields. The password hash is never selected.
 */
import { sql } from 'kysely';
import {
  USER_DETAIL_COLUMNS,
  type SessionUser,
  type UserDetails,
  type UserGroupRef,
} from '../../shared/users';
import type { UserToken } from '../../shared/envelope';
import type { Tx } from '../db/tenancy';

/** A session as login issues it (with the secret) or as a later call authenticates it. */
interface SessionInfo {
  hash?: string;
  userlogin_id: number;
  logged_in_at: Date;
  expires_at: Date;
}

export function tokenFields(session: SessionInfo) {
  return {
    ...(session.hash ? { hash: session.hash } : {}),
    hash_expire: session.expires_at.toISOString(),
    logged_in_at: session.logged_in_at.toISOString(),
    userlogin_id: session.userlogin_id,
  };
}

/** The user's groups as `[{group_id, group_key, group_name}]`, for a query over `users as u`. */
export const groupsOfUser = () =>
  sql<UserGroupRef[]>`coalesce((select json_agg(json_build_object('group_id', g.group_id,
    'group_key', g.group_key, 'group_name', g.group_name) order by g.group_id)
    from user_groups ug join groups g on g.company_id = ug.company_id and g.group_id = ug.group_id
    where ug.company_id = u.company_id and ug.user_id = u.user_id), '[]'::json)`;

export type UserProfile = UserDetails & { groups: UserGroupRef[] };

/** The user object of the replies, from the profile and the session it is answered in. */
export function sessionUserOf(profile: UserProfile, session: SessionInfo): SessionUser {
  return {
    ...profile,
    group_ids: profile.groups.map((g) => g.group_id),
    domain_ids: [],
    ...tokenFields(session),
  };
}

export async function loadSessionUser(
  trx: Tx,
  companyId: number,
  userId: number,
  session: SessionInfo,
): Promise<SessionUser | undefined> {
  const row = await trx
    .selectFrom('users as u')
    .select(USER_DETAIL_COLUMNS.map((column) => `u.${column}` as const))
    .select(groupsOfUser().as('groups'))
    .where('u.company_id', '=', companyId)
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
  return row ? sessionUserOf(row, session) : undefined;
}

/** The `_user_token` the client sends back with every call. */
export function userToken(user: SessionUser & { hash: string }): UserToken {
  return {
    hash: user.hash,
    userlogin_id: user.userlogin_id,
    hash_expire: user.hash_expire,
    logged_in_at: user.logged_in_at,
    user_id: user.user_id,
    group_ids: user.group_ids,
    domain_ids: user.domain_ids,
  };
}
