/** A user's own account (privileges, password, details) and an admin setting a password. */
import { z } from 'zod';
import { allPrivilegeStrings } from '../../shared/modules';
import { PASSWORD_MAX_LENGTH } from '../../shared/password';
import { boundedText } from '../../shared/users';
import { defineCall, type CallDefinition } from '../http/calls';
import { updateMyDetails } from './details';
import { changeMyPassword, setUserPassword } from './passwords';

const password = boundedText(PASSWORD_MAX_LENGTH);

export const userCalls: CallDefinition[] = [
  defineCall({
    path: 'users/get_user_privileges',
    access: 'user',
    input: z.object({}).strict(),
    database: false,
    handler: (ctx) =>
      Promise.resolve({
        // Admins hold every privilege without any being listed (SPEC §6).
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
    input: z.object({ field: boundedText(64).optional(), value: z.unknown() }).strict(),
    handler: updateMyDetails,
  }),
  defineCall({
    path: 'users/set_password',
    access: { privilege: 'users/set_password' },
    input: z.object({ user_id: z.number().int().positive(), password }).strict(),
    handler: setUserPassword,
  }),
];
