/**
 * User pictures: `users/upload_avatar` stores the checked bytes under a new random key and points
 * `user_avatar` at `/avatars/{slug}/{key}`; `users/remove_avatar` deletes them. Users set their
 * own; another user's needs the users module's `update` privilege (an admin's: being an admin). The picture is served by GET
 * (an <img> sends no token), so the address itself is the secret: 256 random bits.
 */
import { randomBytes } from 'node:crypto';
import { AVATAR_NOT_BASE64_TEXT, AVATAR_PATH, avatarProblem } from '../../shared/avatars';
import { grants } from '../../shared/privileges';
import { inTenant } from '../db/tenancy';
import type { CallContext, CallResult } from '../http/calls';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { Services } from '../services';
import { assertMayManageUsers } from './admin-boundary';
import { noSuchUserText } from './passwords';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const AVATAR_SAVED_TEXT = 'The picture has been saved.';
const AVATAR_REMOVED_TEXT = 'The picture has been removed.';

/** The user whose picture changes, after checking the caller may change it. */
async function targetOf(ctx: CallContext, userId: number) {
  const own = userId === ctx.user.user_id;
  if (!own && !ctx.user.is_admin && !grants(ctx.user.privileges, 'users/update')) {
    throw forbidden();
  }
  // Another company's user is invisible here (scoped query and row-level security): "no user".
  const user = await ctx.trx
    .selectFrom('users')
    .select(['user_id', 'user_avatar'])
    .where('company_id', '=', ctx.caller.company.company_id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(noSuchUserText(userId));
  if (!own) await assertMayManageUsers(ctx, [userId]);
  return user;
}

function decode(data: string): Buffer {
  if (!BASE64.test(data) || data.length % 4 !== 0) throw badRequest(AVATAR_NOT_BASE64_TEXT);
  return Buffer.from(data, 'base64');
}

async function setAvatar(
  ctx: CallContext,
  user: { user_id: number; user_avatar: string },
  address: string,
): Promise<CallResult> {
  const companyId = ctx.caller.company.company_id;
  await ctx.trx
    .updateTable('users')
    .set({ user_avatar: address, user_updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('user_id', '=', user.user_id)
    .execute();
  await ctx.audit({
    action: address ? 'upload_avatar' : 'remove_avatar',
    entity: 'users',
    entity_id: user.user_id,
    before: { user_avatar: user.user_avatar },
    after: { user_avatar: address },
  });
  return {
    data: { user_id: user.user_id, user_avatar: address },
    messages: [{ type: 's', text: address ? AVATAR_SAVED_TEXT : AVATAR_REMOVED_TEXT }],
  };
}

const dropPicture = (ctx: CallContext, userId: number) =>
  ctx.trx
    .deleteFrom('user_avatars')
    .where('company_id', '=', ctx.caller.company.company_id)
    .where('user_id', '=', userId)
    .execute();

export async function uploadAvatar(
  ctx: CallContext,
  input: { user_id: number; content_type: string; data: string },
): Promise<CallResult> {
  const user = await targetOf(ctx, input.user_id);
  const bytes = decode(input.data);
  const problem = avatarProblem(input.content_type, bytes);
  if (problem) throw badRequest(problem);
  const key = randomBytes(32).toString('base64url');
  await dropPicture(ctx, user.user_id);
  await ctx.trx
    .insertInto('user_avatars')
    .values({
      company_id: ctx.caller.company.company_id,
      user_id: user.user_id,
      avatar_key: key,
      avatar_content_type: input.content_type,
      avatar_data: bytes,
    })
    .execute();
  return setAvatar(ctx, user, `${AVATAR_PATH}/${ctx.caller.company.company_slug}/${key}`);
}

export async function removeAvatar(
  ctx: CallContext,
  input: { user_id: number },
): Promise<CallResult> {
  const user = await targetOf(ctx, input.user_id);
  await dropPicture(ctx, user.user_id);
  return setAvatar(ctx, user, '');
}

interface AvatarFile {
  contentType: string;
  data: Buffer;
}

/** The picture at `/avatars/{slug}/{key}`, or null (unknown company, key or removed picture). */
export async function findAvatar(
  services: Services,
  slug: string,
  key: string,
): Promise<AvatarFile | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(key)) return null;
  const company = await services.companies.bySlug(slug);
  if (!company) return null;
  const row = await inTenant(services.db, company.company_id, (trx) =>
    trx
      .selectFrom('user_avatars')
      .select(['avatar_content_type', 'avatar_data'])
      .where('company_id', '=', company.company_id)
      .where('avatar_key', '=', key)
      .executeTakeFirst(),
  );
  return row ? { contentType: row.avatar_content_type, data: row.avatar_data } : null;
}
