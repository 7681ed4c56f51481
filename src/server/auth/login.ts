/**
 * Login: throttle check → captcha when needed → password → token. A wrong e-mail, a wrong
 * password and a disabled account get one reply in about the same time (the decoy hash), so the
 * reply never tells whether an account exists.
 */
import { normaliseEmail } from '../../shared/users';
import type { CallContext, CallResult } from '../http/calls';
import { loadSessionUser, tokenFields, userToken } from '../users/profile';
import { captchaRequired, captchaSolved } from './captcha-gate';
import { verifyPassword } from './passwords';
import {
  accountSubject,
  addressSubject,
  clearAttempts,
  countAttempts,
  lockSubject,
  LOGIN_RULE,
  recordAttempt,
  tooManyAttempts,
} from './throttle';

export const INVALID_LOGIN_TEXT = 'The e-mail or password is not correct.';
/** Failures (per account or per address, in 15 minutes) after which a captcha is required. */
export const CAPTCHA_AFTER = 3;
export const ACCOUNT_LIMIT = 10;
export const ADDRESS_LIMIT = 50;

export interface LoginInput {
  user_email: string;
  password: string;
  altcha?: string | undefined;
}

interface Subjects {
  account: string;
  address: string;
}

async function recentFailures(ctx: CallContext, subjects: Subjects) {
  const companyId = ctx.caller.company.company_id;
  const [account, address] = await Promise.all([
    countAttempts(ctx.trx, companyId, LOGIN_RULE, subjects.account, ACCOUNT_LIMIT),
    countAttempts(ctx.trx, companyId, LOGIN_RULE, subjects.address, ADDRESS_LIMIT),
  ]);
  return {
    account,
    address,
    captchaNeeded: account.reached(CAPTCHA_AFTER) || address.reached(CAPTCHA_AFTER),
  };
}

function refuseWhenBlocked({ account, address }: Awaited<ReturnType<typeof recentFailures>>) {
  if (account.reached(ACCOUNT_LIMIT))
    throw tooManyAttempts(account.secondsUntilBelow(ACCOUNT_LIMIT));
  if (address.reached(ADDRESS_LIMIT))
    throw tooManyAttempts(address.secondsUntilBelow(ADDRESS_LIMIT));
}

export async function login(ctx: CallContext, input: LoginInput): Promise<CallResult> {
  const { trx, caller } = ctx;
  const companyId = caller.company.company_id;
  const email = normaliseEmail(input.user_email);
  const subjects = { account: accountSubject(email), address: addressSubject(caller.ip) };
  await lockSubject(trx, companyId, subjects.account);
  const before = await recentFailures(ctx, subjects);
  refuseWhenBlocked(before);
  if (before.captchaNeeded && !(await captchaSolved(ctx, input.altcha))) return captchaRequired();

  const account = await trx
    .selectFrom('users')
    .select(['user_id', 'user_password_hash', 'user_enabled'])
    .where('company_id', '=', companyId)
    .where('user_email', '=', email)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(account?.user_password_hash, input.password);
  if (!account || !passwordOk || account.user_enabled !== 1) {
    // Returned, not thrown: the failure must be committed to count.
    await recordAttempt(trx, companyId, LOGIN_RULE, [subjects.account, subjects.address]);
    const after = await recentFailures(ctx, subjects);
    return {
      result: false,
      status: 401,
      data: { captcha_required: after.captchaNeeded },
      messages: [{ type: 'e', text: INVALID_LOGIN_TEXT }],
    };
  }

  await clearAttempts(trx, companyId, LOGIN_RULE, subjects.account);
  const session = await ctx.services.sessions.issue(trx, companyId, account.user_id, caller);
  await ctx.audit({
    action: 'login',
    entity: 'users',
    entity_id: account.user_id,
    user_id: account.user_id,
    after: { userlogin_id: session.userlogin_id },
  });
  const user = await loadSessionUser(trx, companyId, account.user_id, session);
  if (!user) throw new Error(`user ${account.user_id} vanished during login`);
  const withHash = { ...user, hash: session.hash };
  return { data: { user: withHash, user_token: userToken(withHash) }, top: tokenFields(session) };
}
