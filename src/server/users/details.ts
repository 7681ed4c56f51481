/**
 * A user changing their own details, one field at a time (the field is named). Only the
 * fields in SELF_EDITABLE_USER_FIELDS: never the password, the enabled flag or the groups. A new
 * sign-in e-mail needs the current password (`current_password`): a session left open must not be
 * enough to move the account, and its reset links, to another address.
 */
import { z } from 'zod';
import {
  EMAIL_TAKEN_TEXT,
  isSelfEditableUserField,
  SELF_EDITABLE_USER_FIELDS,
  type SelfEditableUserField,
} from '../../shared/users';
import type { CallContext, CallResult } from '../http/calls';
import { FIELD_MISSING_TEXT } from '../../shared/envelope';
import { badRequest, conflict } from '../http/errors';
import { describeError } from '../http/validation';
import { EMAIL_NEEDS_PASSWORD_TEXT } from '../../shared/users';
import { checkCurrentPassword } from './current-password';
import { loadSessionUser } from './profile';

const UNIQUE_VIOLATION = '23505';

function parseValue(field: SelfEditableUserField, value: unknown) {
  // Validated as an object keyed by the field, so the message names the field.
  const parsed = z
    .object({ [field]: SELF_EDITABLE_USER_FIELDS[field]() })
    .safeParse({ [field]: value }, { reportInput: true });
  if (!parsed.success) throw badRequest(describeError(parsed.error));
  return parsed.data[field] as string | null;
}

async function refuseTakenEmail(ctx: CallContext, email: string): Promise<void> {
  const other = await ctx.trx
    .selectFrom('users')
    .select('user_id')
    .where('company_id', '=', ctx.caller.company.company_id)
    .where('user_email', '=', email)
    .where('user_id', '!=', ctx.user.user_id)
    .executeTakeFirst();
  if (other) throw conflict(EMAIL_TAKEN_TEXT);
}

export async function updateMyDetails(
  ctx: CallContext,
  input: { field?: string | undefined; value?: unknown; current_password?: string | undefined },
): Promise<CallResult> {
  const { field } = input;
  if (!field) throw badRequest(FIELD_MISSING_TEXT);
  if (!isSelfEditableUserField(field))
    throw badRequest(`"${field}" is not a detail you can change here.`);
  const value = parseValue(field, input.value);
  const companyId = ctx.caller.company.company_id;
  const userId = ctx.user.user_id;
  const before = await ctx.trx
    .selectFrom('users')
    .select(field)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (field === 'user_email' && value && value !== before.user_email) {
    const refusal = await checkCurrentPassword(
      ctx,
      input.current_password,
      EMAIL_NEEDS_PASSWORD_TEXT,
    );
    if (refusal) return refusal;
    await refuseTakenEmail(ctx, value);
  }
  try {
    await ctx.trx
      .updateTable('users')
      .set({ [field]: value, user_updated_at: new Date() })
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .execute();
  } catch (error) {
    // Two users taking one address at the same moment: the unique index decides.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(EMAIL_TAKEN_TEXT);
    throw error;
  }
  await ctx.audit({
    action: 'update',
    entity: 'users',
    entity_id: userId,
    before,
    after: { [field]: value },
  });
  const user = await loadSessionUser(ctx.trx, companyId, userId, ctx.user);
  return { data: user, messages: [{ type: 's', text: 'Your details have been saved.' }] };
}
