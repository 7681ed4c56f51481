/**
 * Who makes a call: the company it is made in and, once logged in, the user with the privileges
 * their groups grant. The HTTP layer fills it in; services read it to check access.
 */
import type { UserProfile } from '../users/profile';
import type { Company } from './company';

export interface AuthUser {
  user_id: number;
  /** The user's own fields and groups, loaded with the token (never the password hash). */
  profile: UserProfile;
  userlogin_id: number;
  group_ids: number[];
  privileges: string[];
  is_admin: boolean;
  logged_in_at: Date;
  expires_at: Date;
}

export interface Caller {
  company: Company;
  user: AuthUser | null;
  ip: string;
  userAgent: string;
}
