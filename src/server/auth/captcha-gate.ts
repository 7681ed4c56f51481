/** The reply when a call needs a solved captcha first (logins after failures, reset requests). */
import type { CallContext, CallResult } from '../http/calls';

const CAPTCHA_REQUIRED_TEXT = 'Please complete the captcha to continue.';

export const captchaRequired = (): CallResult => ({
  result: false,
  status: 400,
  data: { captcha_required: true },
  messages: [{ type: 'w', text: CAPTCHA_REQUIRED_TEXT }],
});

/** True when `altcha` is a valid solution, solved for this call's clinic, not used before. */
export const captchaSolved = (ctx: CallContext, altcha: string | undefined): Promise<boolean> =>
  ctx.services.captcha.verify(ctx.trx, altcha, ctx.caller.company.company_id);

/** A challenge bound to this call's clinic (a solution counts at its login only). */
export const captchaChallenge = (ctx: CallContext) =>
  ctx.services.captcha.challenge(ctx.trx, ctx.caller.company.company_id);
