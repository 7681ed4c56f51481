import type { UserToken } from '../../shared/envelope';

/** The logged-in user as `users/login` and `users/check_authentication` return it. */
export interface SessionUser {
  user_id: number;
  user_first_name: string;
  user_last_name: string;
  user_surname?: string;
  user_email: string;
  user_avatar?: string;
  group_ids: number[];
  domain_ids?: number[];
  [field: string]: unknown;
}

export interface StoredLogin {
  user: SessionUser;
  token: UserToken;
}

/** The user's name as shown in the account menu. */
export function fullName(user: Pick<SessionUser, 'user_first_name' | 'user_last_name'>): string {
  return [user.user_first_name, user.user_last_name].filter(Boolean).join(' ').trim();
}

/** Up to two initials for the avatar placeholder. */
export function initialsOf(
  user: Pick<SessionUser, 'user_first_name' | 'user_last_name' | 'user_email'>,
): string {
  const letters = [user.user_first_name, user.user_last_name]
    .map((part) => part?.trim()?.[0] ?? '')
    .join('');
  return (letters || user.user_email?.[0] || '?').toUpperCase();
}
