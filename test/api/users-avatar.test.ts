/** users/upload_avatar and remove_avatar, and the pictures served at /avatars/{slug}/{key}. */
import { describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { AVATAR_MAX_BYTES } from '../../src/shared/avatars';
import { call, newCompany, type CallResponse, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, type TestUser } from '../support/users';
import type { UserToken } from '../../src/shared/envelope';

const env = useTestServer({ admin: true });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a tiny png'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
const GIF = Buffer.from('GIF89a tiny gif');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const upload = (
  userId: number,
  contentType: string,
  bytes: Buffer,
  token: UserToken = env.admin,
  who: TestCompany = env.company,
) =>
  call<{ user_id: number; user_avatar: string }>(
    env.server,
    who,
    'users/upload_avatar',
    { user_id: userId, content_type: contentType, data: bytes.toString('base64') },
    token,
  );

const avatarOf = (userId: number) =>
  inTenant(env.server.database.db, env.company.companyId, async (trx) => ({
    user: await trx
      .selectFrom('users')
      .select('user_avatar')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    stored: await trx
      .selectFrom('user_avatars')
      .select(['avatar_key', 'avatar_content_type'])
      .where('user_id', '=', userId)
      .execute(),
  }));

const fetchPicture = (address: string) => env.server.app.inject({ method: 'GET', url: address });

async function expectRefused(user: TestUser, reply: CallResponse, text: string) {
  expect(reply).toMatchObject({ status: 400, result: false, messages: [{ type: 'e', text }] });
  expect(await avatarOf(user.userId)).toEqual({ user: { user_avatar: '' }, stored: [] });
}

describe('uploading a picture', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/webp', WEBP],
    ['image/gif', GIF],
  ] as const)(
    'keeps a %s and serves it with its type, nosniff and cache headers',
    async (type, bytes) => {
      const user = await addUser(env.server, env.company);
      const reply = await upload(user.userId, type, bytes);
      expect(reply).toMatchObject({
        status: 200,
        result: true,
        messages: [{ type: 's', text: 'The picture has been saved.' }],
      });
      const address = reply.data.user_avatar;
      expect(address).toMatch(new RegExp(`^/avatars/${env.company.slug}/[\\w-]{43}$`));
      expect((await avatarOf(user.userId)).user.user_avatar).toBe(address);
      const served = await fetchPicture(address);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('replaces the old picture: its address answers 404 afterwards', async () => {
    const user = await addUser(env.server, env.company);
    const first = (await upload(user.userId, 'image/png', PNG)).data.user_avatar;
    const second = (await upload(user.userId, 'image/gif', GIF)).data.user_avatar;
    expect(second).not.toBe(first);
    expect((await fetchPicture(first)).statusCode).toBe(404);
    expect((await fetchPicture(second)).statusCode).toBe(200);
    expect((await avatarOf(user.userId)).stored).toHaveLength(1);
  });

  it('refuses a picture over 512 KB, saying the limit, and saves nothing', async () => {
    const user = await addUser(env.server, env.company);
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    await expectRefused(
      user,
      await upload(user.userId, 'image/png', big),
      // The envelope names the field, as for every payload that breaks its schema.
      '"data": The picture is too large: at most 512 KB.',
    );
  });

  it('refuses a file that is not a picture', async () => {
    const user = await addUser(env.server, env.company);
    const text = Buffer.from('just some text, not a picture');
    await expectRefused(
      user,
      await upload(user.userId, 'image/png', text),
      'The file sent as image/png is not a PNG, JPEG, WebP or GIF picture.',
    );
    await expectRefused(
      user,
      await upload(user.userId, 'application/pdf', Buffer.from('%PDF-1.7')),
      'Only PNG, JPEG, WebP or GIF pictures can be used as an avatar.',
    );
  });

  it('refuses SVG, whatever it is called', async () => {
    const user = await addUser(env.server, env.company);
    await expectRefused(
      user,
      await upload(user.userId, 'image/svg+xml', SVG),
      'Only PNG, JPEG, WebP or GIF pictures can be used as an avatar.',
    );
    await expectRefused(
      user,
      await upload(user.userId, 'image/png', SVG),
      'The file sent as image/png is not a PNG, JPEG, WebP or GIF picture.',
    );
  });

  it('refuses a picture whose claimed type is not what its bytes are', async () => {
    const user = await addUser(env.server, env.company);
    await expectRefused(
      user,
      await upload(user.userId, 'image/png', JPEG),
      'The picture was sent as image/png but is a image/jpeg file.',
    );
  });

  it('refuses data that is not base64, and an empty picture', async () => {
    const user = await addUser(env.server, env.company);
    const reply = await call(
      env.server,
      env.company,
      'users/upload_avatar',
      { user_id: user.userId, content_type: 'image/png', data: 'not base64!' },
      env.admin,
    );
    await expectRefused(user, reply, 'The picture data must be base64 encoded.');
    await expectRefused(
      user,
      await upload(user.userId, 'image/png', Buffer.alloc(0)),
      'The picture is empty.',
    );
  });
});

describe('who may change a picture', () => {
  it('lets every user set and remove their own', async () => {
    const user = await addUser(env.server, env.company, { privileges: [] });
    expect((await upload(user.userId, 'image/png', PNG, user.token)).status).toBe(200);
    const removed = await call(
      env.server,
      env.company,
      'users/remove_avatar',
      { user_id: user.userId },
      user.token,
    );
    expect(removed).toMatchObject({
      status: 200,
      messages: [{ type: 's', text: 'The picture has been removed.' }],
    });
    expect(await avatarOf(user.userId)).toEqual({ user: { user_avatar: '' }, stored: [] });
    const audited = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['action', 'user_id'])
        .where('entity', '=', 'users')
        .where('entity_id', '=', String(user.userId))
        .orderBy('audit_id')
        .execute(),
    );
    expect(audited).toEqual([
      { action: 'upload_avatar', user_id: user.userId },
      { action: 'remove_avatar', user_id: user.userId },
    ]);
  });

  it('refuses another user’s picture without users/update', async () => {
    const target = await addUser(env.server, env.company);
    const reader = await addUser(env.server, env.company, { privileges: ['users/list'] });
    const refused = await upload(target.userId, 'image/png', PNG, reader.token);
    expect(refused).toMatchObject({
      status: 403,
      result: false,
      messages: [{ type: 'e', text: 'You do not have the privilege to do this.' }],
    });
    const removal = await call(
      env.server,
      env.company,
      'users/remove_avatar',
      { user_id: target.userId },
      reader.token,
    );
    expect(removal.status).toBe(403);
    const editor = await addUser(env.server, env.company, { privileges: ['users/update'] });
    expect((await upload(target.userId, 'image/png', PNG, editor.token)).status).toBe(200);
  });

  it('does not see another company’s user, nor serve its picture under another slug', async () => {
    const other = await newCompany(env.server, 'Other Clinic');
    const stranger = await addUser(env.server, other);
    const reply = await upload(stranger.userId + 1000, 'image/png', PNG);
    expect(reply).toMatchObject({
      status: 404,
      messages: [{ type: 'e', text: `There is no user with the id ${stranger.userId + 1000}.` }],
    });
    // Ids are per company: the same id in our company is our user, never theirs.
    const theirs = await upload(stranger.userId, 'image/png', PNG, stranger.token, other);
    const address = theirs.data.user_avatar;
    expect((await fetchPicture(address)).statusCode).toBe(200);
    expect((await fetchPicture(address.replace(other.slug, env.company.slug))).statusCode).toBe(
      404,
    );
  });

  it('never takes an address typed in: users/update refuses user_avatar', async () => {
    const user = await addUser(env.server, env.company);
    const reply = await call(
      env.server,
      env.company,
      'users/update',
      { user_id: user.userId, field: 'user_avatar', value: 'https://tracker.example/p.png' },
      env.admin,
    );
    expect(reply).toMatchObject({ status: 400, result: false });
    expect(await avatarOf(user.userId)).toEqual({ user: { user_avatar: '' }, stored: [] });
  });

  it('refuses without a login', async () => {
    const reply = await call(env.server, env.company, 'users/upload_avatar', {
      user_id: 1,
      content_type: 'image/png',
      data: PNG.toString('base64'),
    });
    expect(reply).toMatchObject({ status: 401, authentication_failed: true });
  });

  it('answers 404 for unknown keys and slugs', async () => {
    expect((await fetchPicture(`/avatars/${env.company.slug}/${'a'.repeat(43)}`)).statusCode).toBe(
      404,
    );
    expect((await fetchPicture(`/avatars/no-such-clinic/${'a'.repeat(43)}`)).statusCode).toBe(404);
    expect((await fetchPicture(`/avatars/${env.company.slug}/short`)).statusCode).toBe(404);
  });
});
