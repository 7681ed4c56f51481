/** Sign-in calls: login, logout, the session check, the captcha and password reset by mail. */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../../shared/password';
import { boundedText, USER_MAX_LENGTHS } from '../../shared/users';
import { defineCall, type CallDefinition } from '../http/calls';
import { sessionUserOf } from '../users/profile';
import { captchaChallenge } from './captcha-gate';
import { login, loginStatus } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { unlock } from './unlock';

/** The widget's base64 payload is a few hundred characters; this leaves room and no more. */
const ALTCHA_MAX_LENGTH = 4_000;

const email = boundedText(USER_MAX_LENGTHS.user_email);
const password = boundedText(PASSWORD_MAX_LENGTH);
const altcha = boundedText(ALTCHA_MAX_LENGTH).optional();
const nothing = z.object({}).strict();

export const authCalls: CallDefinition[] = [
  defineCall({
    path: 'users/login',
    access: 'public',
    input: z.object({ user_email: email, password, altcha }).strict(),
    handler: login,
  }),
  defineCall({
    path: 'users/login_status',
    access: 'public',
    input: z.object({ user_email: email.optional() }).strict(),
    handler: loginStatus,
  }),
  defineCall({
    path: 'users/logout',
    access: 'user',
    input: nothing,
    handler: async (ctx) => {
      await ctx.services.sessions.revoke(ctx.trx, ctx.user.userlogin_id);
      await ctx.audit({ action: 'logout', entity: 'users', entity_id: ctx.user.user_id });
      return { messages: [{ type: 's', text: 'You have been logged out.' }] };
    },
  }),
  defineCall({
    path: 'users/unlock',
    access: 'user',
    input: z.object({ password }).strict(),
    handler: unlock,
  }),
  defineCall({
    path: 'users/check_authentication',
    access: 'user',
    input: nothing,
    database: false,
    // The dispatcher loaded the profile with the token: this hot call needs no query of its own.
    handler: (ctx) => Promise.resolve({ data: sessionUserOf(ctx.user.profile, ctx.user) }),
  }),
  defineCall({
    path: 'captcha/challenge',
    access: 'public',
    input: nothing,
    handler: async (ctx) => ({ data: await captchaChallenge(ctx) }),
  }),
  defineCall({
    path: 'users/request_password_reset',
    access: 'public',
    input: z.object({ user_email: email, altcha }).strict(),
    handler: requestPasswordReset,
  }),
  defineCall({
    path: 'users/reset_password',
    access: 'public',
    input: z.object({ token: boundedText(200), password }).strict(),
    handler: resetPassword,
  }),
];
