import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { EMAIL_NEEDS_PASSWORD_TEXT, type SessionUser } from '../../src/shared/users';
import { call, newCompany, TEST_PASSWORD } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, type TestUser } from '../support/users';
import { login } from '../support/auth';

const env = useTestServer({ company: 'Details Clinic', admin: true });

let user: TestUser;

beforeAll(async () => {
  user = await addUser(env.server, env.company);
});

const update = (payload: Record<string, unknown>, who: TestUser = user) =>
  call<SessionUser>(env.server, env.company, 'users/update_my_details', payload, who.token);

const stored = (userId: number, companyId = env.company.companyId) =>
  inTenant(env.server.database.db, companyId, (trx) =>
    trx.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow(),
  );

describe('users/update_my_details', () => {
  it.each([
    ['user_first_name', '  Ada ', 'Ada'],
    ['user_last_name', 'Lovelace', 'Lovelace'],
    ['user_surname', 'King', 'King'],
    ['user_dob', '1815-12-10', '1815-12-10'],
    ['user_dob', '', null],
    ['user_reference_number', 'REF-0042', 'REF-0042'],
    ['user_phone', '+44 20 7946 0000', '+44 20 7946 0000'],
    ['user_mobile', '+44 7700 900000', '+44 7700 900000'],
    ['user_preferred_contact', 'WhatsApp', 'WhatsApp'],
    ['user_sex', 'FemaleMale', 'FemaleMale'],
    ['user_sex', '', ''],
    ['user_gender', 'Binary', 'Binary'],
  ])('saves %s = %j and answers with the user', async (field, value, saved) => {
    const reply = await update({ field, value });
    expect(reply.status).toBe(200);
    expect(reply.result).toBe(true);
    expect(reply.data).toMatchObject({ user_id: user.userId, [field]: saved });
    expect(reply.data).toHaveProperty('groups');
    expect(reply.data).not.toHaveProperty('user_password_hash');
    expect((await stored(user.userId))[field as 'user_first_name']).toEqual(saved);
  });

  it('stores the e-mail in lower case, and the user logs in with it', async () => {
    const mover = await addUser(env.server, env.company);
    const email = `Moved-${mover.userId}@${env.company.slug}.TEST`;
    const reply = await update(
      { field: 'user_email', value: email, current_password: TEST_PASSWORD },
      mover,
    );
    expect(reply.data.user_email).toBe(email.toLowerCase());
    expect((await login(env.server, env.company, email, TEST_PASSWORD)).result).toBe(true);
  });

  it('refuses an e-mail another user of the clinic has', async () => {
    const reply = await update({
      field: 'user_email',
      value: env.company.adminEmail.toUpperCase(),
      current_password: TEST_PASSWORD,
    });
    expect(reply).toMatchObject({ status: 409, result: false });
    expect(reply.messages).toEqual([
      { type: 'e', text: 'Another user already has this e-mail address.' },
    ]);
    expect((await stored(user.userId)).user_email).toBe(user.email);
  });

  it('asks for the current password before the sign-in e-mail changes', async () => {
    const mover = await addUser(env.server, env.company);
    const value = `new-${mover.userId}@${env.company.slug}.test`;
    const missing = await update({ field: 'user_email', value }, mover);
    expect(missing).toMatchObject({ status: 400, result: false });
    expect(missing.messages).toEqual([{ type: 'e', text: EMAIL_NEEDS_PASSWORD_TEXT }]);
    const wrong = await update(
      { field: 'user_email', value, current_password: 'Not-The-One-1' },
      mover,
    );
    expect(wrong).toMatchObject({ status: 400, result: false });
    expect(wrong.messages).toEqual([{ type: 'e', text: 'The current password is not correct.' }]);
    expect((await stored(mover.userId)).user_email).toBe(mover.email);
    // The same address again is no change, and other fields need no password.
    expect((await update({ field: 'user_email', value: mover.email }, mover)).result).toBe(true);
    expect((await update({ field: 'user_phone', value: '+44 1' }, mover)).result).toBe(true);
    const right = await update(
      { field: 'user_email', value, current_password: TEST_PASSWORD },
      mover,
    );
    expect(right.result).toBe(true);
    expect((await stored(mover.userId)).user_email).toBe(value);
  });

  it('throttles wrong current passwords as the login does, and counts them for the login', async () => {
    // A clinic of its own: the failures count per address too.
    const clinic = await newCompany(env.server, 'Details Throttle Clinic');
    const mover = await addUser(env.server, clinic);
    const change = (current_password: string) =>
      call<SessionUser>(
        env.server,
        clinic,
        'users/update_my_details',
        { field: 'user_email', value: `t-${mover.userId}@x.test`, current_password },
        mover.token,
      );
    for (let i = 0; i < 3; i += 1) expect((await change('Not-The-One-1')).status).toBe(400);
    const held = await change(TEST_PASSWORD);
    expect(held).toMatchObject({ status: 429, result: false });
    expect(held.messages[0]?.text).toMatch(/^Too many wrong passwords\. Please try again in/);
    expect((await login(env.server, clinic, mover.email, TEST_PASSWORD)).status).toBe(429);
    expect((await stored(mover.userId, clinic.companyId)).user_email).toBe(mover.email);
  });

  it('leaves an admin free to set another user’s e-mail without their password', async () => {
    const staff = await addUser(env.server, env.company);
    const reply = await call(
      env.server,
      env.company,
      'users/update',
      { user_id: staff.userId, field: 'user_email', value: `set-${staff.userId}@x.test` },
      env.admin,
    );
    expect(reply.result).toBe(true);
  });

  it('allows an e-mail that only another clinic uses', async () => {
    const elsewhere = await newCompany(env.server);
    const mover = await addUser(env.server, env.company);
    const reply = await update(
      { field: 'user_email', value: elsewhere.adminEmail, current_password: TEST_PASSWORD },
      mover,
    );
    expect(reply.result).toBe(true);
  });

  it.each([
    [{ value: 'Ada' }, 'Payload must contain the "field".'],
    [{ field: '', value: 'Ada' }, 'Payload must contain the "field".'],
    [{ field: 'user_first_name', value: '' }, '"user_first_name": Can not be empty'],
    [
      { field: 'user_first_name', value: 'x'.repeat(101) },
      '"user_first_name": Maximum of 100 characters allowed.',
    ],
    [{ field: 'user_first_name', value: 7 }, '"user_first_name" must be text.'],
    [{ field: 'user_email', value: 'not-an-address' }, '"user_email": Must be an e-mail address.'],
    [
      { field: 'user_dob', value: '10/12/1815' },
      '"user_dob": Must be a real date in the form YYYY-MM-DD.',
    ],
    [
      { field: 'user_dob', value: '2023-02-30' },
      '"user_dob": Must be a real date in the form YYYY-MM-DD.',
    ],
    [
      { field: 'user_preferred_contact', value: 'Pigeon' },
      '"user_preferred_contact": Must be one of: Email, Home phone, Mobile, FaceTime, WhatsApp, Skype, Other.',
    ],
    [
      { field: 'user_sex', value: 'Other' },
      '"user_sex": Must be one of: Male, Female, Male>Female, Female>Male.',
    ],
    [
      { field: 'user_gender', value: 'Unknown' },
      '"user_gender": Must be one of: Male, Female, Binary.',
    ],
    [
      { field: 'user_phone', value: '1'.repeat(51) },
      '"user_phone": Maximum of 50 characters allowed.',
    ],
    [{ field: 'user_first_name', value: 'Ada', extra: 1 }, 'Unknown field "extra".'],
  ])('refuses %j with a message naming the problem', async (payload, text) => {
    const before = await stored(user.userId);
    const reply = await update(payload);
    expect(reply).toMatchObject({ status: 400, result: false });
    expect(reply.messages).toEqual([{ type: 'e', text }]);
    expect(await stored(user.userId)).toEqual(before);
  });

  it.each([
    'user_password_hash',
    'user_enabled',
    'user_id',
    'groups',
    'group_ids',
    'company_id',
    'user_notes',
    // Pictures are uploaded (users/upload_avatar), never pointed at an address of one's choosing.
    'user_avatar',
  ])('never changes %s', async (field) => {
    const before = await stored(user.userId);
    const reply = await update({ field, value: field === 'groups' ? [1] : 1 });
    expect(reply).toMatchObject({ status: 400, result: false });
    expect(reply.messages).toEqual([
      { type: 'e', text: `"${field}" is not a detail you can change here.` },
    ]);
    expect(await stored(user.userId)).toEqual(before);
  });

  it('changes only the caller’s own record', async () => {
    const neighbour = await addUser(env.server, env.company);
    const before = await stored(neighbour.userId);
    await update({ field: 'user_last_name', value: 'Changed' });
    expect(await stored(neighbour.userId)).toEqual(before);
  });

  it('writes the change to the audit log with before and after', async () => {
    const writer = await addUser(env.server, env.company);
    await update({ field: 'user_mobile', value: '07000 000001' }, writer);
    await update({ field: 'user_mobile', value: '07000 000002' }, writer);
    const rows = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['user_id', 'action', 'entity', 'entity_id', 'before', 'after'])
        .where('user_id', '=', writer.userId)
        .orderBy('audit_id')
        .execute(),
    );
    expect(rows).toEqual([
      ...[
        ['', '07000 000001'],
        ['07000 000001', '07000 000002'],
      ].map(([before, after]) => ({
        user_id: writer.userId,
        action: 'update',
        entity: 'users',
        entity_id: String(writer.userId),
        before: { user_mobile: before },
        after: { user_mobile: after },
      })),
    ]);
  });

  it('needs a login', async () => {
    const reply = await call(env.server, env.company, 'users/update_my_details', {
      field: 'user_first_name',
      value: 'Mallory',
    });
    expect(reply).toMatchObject({ status: 401, authentication_failed: true });
  });
});
