/**
 * The PostgreSQL channels that triggers notify at commit, listened to by session-listener.ts:
 * `materia_auth` (migration 0013: users, groups, memberships, privileges, revoked tokens; and
 * module writes; payload the company id) and `materia_companies` (migration 0015: payload the
 * slug). Their own file, so that writers that notify need not import the listener.
 */
export const SESSION_CHANNEL = 'materia_auth';
export const COMPANY_CHANNEL = 'materia_companies';
