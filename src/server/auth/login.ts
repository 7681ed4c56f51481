/**
 * Login: throttle gate → captcha when the gate asks → password → token. A wrong e-mail, a wrong
 * password and a disabled account get one reply in about the same time (the decoy hash), so the
 * reply never tells whether an account exists.
 *
 * Throttling (docs/decisions/0045-login-throttling-and-request-limits.md): failures
 * are counted per account and per address for 15 minutes. From the 3rd failure of either, a
 * guess needs a fresh solved captcha, or else must wait: 1 minute, doubling with every further
 * failure, up to 15 minutes. A guess with a valid captcha is always checked, so the right
 * password with a solved captcha always logs in, however many failures others caused.
 */
import { normaliseEmail, type LoginGate } from '../../shared/users';
import type { CallContext, CallResult } from '../http/calls';
import { loadSessionUser, tokenFields, userToken } from '../users/profile';
import { captchaSolved } from './captcha-gate';
import { verifyPassword } from './passwords';
import {
  accountSubject,
  addressSubject,
  clearAttempts,
  countAttempts,
  lockedSubjects,
  LOGIN_RULE,
  recordAttempt,
  waitInWords,
} from './throttle';

const INVALID_LOGIN_TEXT = 'The e-mail or password is not correct.';
/** Failures (per account or per address, in 15 minutes) after which a captcha or a wait is due. */
const CAPTCHA_AFTER = 3;
const FIRST_WAIT_SECONDS = 60;
const LONGEST_WAIT_SECONDS = 15 * 60;
/** Enough failures to reach the longest wait; more change nothing. */
const COUNTED = CAPTCHA_AFTER + Math.ceil(Math.log2(LONGEST_WAIT_SECONDS / FIRST_WAIT_SECONDS)) + 1;

export const loginWaitText = (seconds: number) =>
  `Too many failed sign-ins. Complete the captcha to sign in now, or try again in ${waitInWords(seconds)}.`;

interface LoginInput {
  user_email: string;
  password: string;
  altcha?: string | undefined;
}

/** The wait of the strictest subject (the account, the address) decides. */
export async function gateOf(ctx: CallContext, subjects: readonly string[]): Promise<LoginGate> {
  const companyId = ctx.caller.company.company_id;
  const counts = await Promise.all(
    subjects.map((subject) => countAttempts(ctx.trx, companyId, LOGIN_RULE, subject, COUNTED)),
  );
  const wait = Math.max(
    ...counts.map((c) => c.secondsToWait(CAPTCHA_AFTER, FIRST_WAIT_SECONDS, LONGEST_WAIT_SECONDS)),
  );
  return { captcha_required: wait > 0, retry_after: wait };
}

/** `users/login_status`: lets the login page show the captcha before the user submits. */
export async function loginStatus(
  ctx: CallContext,
  input: { user_email?: string | undefined },
): Promise<CallResult> {
  const email = normaliseEmail(input.user_email ?? '');
  const address = addressSubject(ctx.caller.ip);
  // Before the e-mail is typed only the address is known.
  return { data: await gateOf(ctx, email ? [accountSubject(email), address] : [address]) };
}

const waitOrCaptcha = (gate: LoginGate): CallResult => ({
  result: false,
  status: 429,
  retryAfter: gate.retry_after,
  data: gate,
  messages: [{ type: 'w', text: loginWaitText(gate.retry_after) }],
});

export async function login(ctx: CallContext, input: LoginInput): Promise<CallResult> {
  const { trx, caller } = ctx;
  const companyId = caller.company.company_id;
  const email = normaliseEmail(input.user_email);
  // Parallel guesses on one account are gated one after the other, never on a stale count.
  const subjects = await lockedSubjects(trx, companyId, email, caller.ip);
  const [account] = subjects;
  const gate = await gateOf(ctx, subjects);
  if (gate.captcha_required && !(await captchaSolved(ctx, input.altcha)))
    return waitOrCaptcha(gate);

  const user = await trx
    .selectFrom('users')
    .select(['user_id', 'user_password_hash', 'user_enabled'])
    .where('company_id', '=', companyId)
    .where('user_email', '=', email)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(user?.user_password_hash, input.password);
  if (!user || !passwordOk || user.user_enabled !== 1) {
    // Returned, not thrown: the failure must be committed to count.
    await recordAttempt(trx, companyId, LOGIN_RULE, subjects);
    return {
      result: false,
      status: 401,
      data: await gateOf(ctx, subjects),
      messages: [{ type: 'e', text: INVALID_LOGIN_TEXT }],
    };
  }

  await clearAttempts(trx, companyId, LOGIN_RULE, account);
  const session = await ctx.services.sessions.issue(trx, companyId, user.user_id, caller);
  await ctx.audit({
    action: 'login',
    entity: 'users',
    entity_id: user.user_id,
    user_id: user.user_id,
    after: { userlogin_id: session.userlogin_id },
  });
  const loaded = await loadSessionUser(trx, companyId, user.user_id, session);
  if (!loaded) throw new Error(`user ${user.user_id} vanished during login`);
  const withHash = { ...loaded, hash: session.hash };
  return { data: { user: withHash, user_token: userToken(withHash) }, top: tokenFields(session) };
}
