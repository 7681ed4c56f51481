/**
 * A user's own account (privileges, password, details, picture) and an admin setting a password,
 * sending a reset link or changing another user's picture.
 */
import { z } from 'zod';
import { AVATAR_MAX_BASE64_LENGTH, AVATAR_TOO_LARGE_TEXT } from '../../shared/avatars';
import { allPrivilegeStrings } from '../../shared/modules';
import { PASSWORD_MAX_LENGTH } from '../../shared/password';
import { boundedText } from '../../shared/users';
import { defineCall, type CallDefinition } from '../http/calls';
import { removeAvatar, uploadAvatar } from './avatars';
import { updateMyDetails } from './details';
import { changeMyPassword, sendPasswordReset, setUserPassword } from './passwords';

const password = boundedText(PASSWORD_MAX_LENGTH);
const userId = z.number().int().positive();

export const userCalls: CallDefinition[] = [
  defineCall({
    path: 'users/get_user_privileges',
    access: 'user',
    input: z.object({}).strict(),
    database: false,
    handler: (ctx) =>
      Promise.resolve({
        // Admins hold every privilege without any being listed.
        data: ctx.user.is_admin ? allPrivilegeStrings() : [...ctx.user.privileges].sort(),
      }),
  }),
  defineCall({
    path: 'users/change_my_password',
    access: 'user',
    input: z.object({ old_password: password, new_password: password }).strict(),
    handler: changeMyPassword,
  }),
  defineCall({
    path: 'users/update_my_details',
    access: 'user',
    input: z
      .object({
        field: boundedText(64).optional(),
        value: z.unknown(),
        // Asked only when the e-mail changes (./details.ts).
        current_password: password.optional(),
      })
      .strict(),
    handler: updateMyDetails,
  }),
  defineCall({
    path: 'users/set_password',
    access: { privilege: 'users/set_password' },
    input: z.object({ user_id: userId, password }).strict(),
    handler: setUserPassword,
  }),
  defineCall({
    path: 'users/send_password_reset',
    access: { privilege: 'users/set_password' },
    input: z.object({ user_id: userId }).strict(),
    handler: sendPasswordReset,
  }),
  // Own picture for everyone; another user's needs users/update (checked by the handler).
  defineCall({
    path: 'users/upload_avatar',
    access: 'user',
    input: z
      .object({
        user_id: userId,
        content_type: boundedText(100),
        data: z.string().max(AVATAR_MAX_BASE64_LENGTH, AVATAR_TOO_LARGE_TEXT),
      })
      .strict(),
    handler: uploadAvatar,
  }),
  defineCall({
    path: 'users/remove_avatar',
    access: 'user',
    input: z.object({ user_id: userId }).strict(),
    handler: removeAvatar,
  }),
];
