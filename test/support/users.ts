/**
 * Test users: real rows through the app role inside the company's tenant transaction, and a real
 * login token issued by the server's own Sessions — no call of the API under test is bypassed.
 */
import { randomBytes } from 'node:crypto';
import type { UserToken } from '../../src/shared/envelope';
import { hashPassword } from '../../src/server/auth/passwords';
import { inTenant } from '../../src/server/db/tenancy';
import { TEST_PASSWORD, type TestCompany, type TestServer } from './api';

export interface TestUser {
  userId: number;
  email: string;
  token: UserToken;
}

/** A user in the given groups; when `privileges` are given a new group granting them is made. */
export async function addUser(
  server: TestServer,
  company: TestCompany,
  options: { groupIds?: number[]; privileges?: string[]; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `u-${randomBytes(4).toString('hex')}@${company.slug}.test`;
  const hash = await hashPassword(TEST_PASSWORD);
  return inTenant(server.database.db, company.companyId, async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        company_id: company.companyId,
        user_first_name: 'Test',
        user_last_name: 'User',
        user_email: email,
        user_password_hash: hash,
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    const groupIds = [...(options.groupIds ?? [])];
    if (options.privileges) {
      const group = await trx
        .insertInto('groups')
        .values({
          company_id: company.companyId,
          group_name: `Group for ${email}`,
          group_key: `g-${randomBytes(4).toString('hex')}`,
        })
        .returning('group_id')
        .executeTakeFirstOrThrow();
      groupIds.push(group.group_id);
      if (options.privileges.length) {
        await trx
          .insertInto('group_privileges')
          .values(
            options.privileges.map((privilege) => ({
              company_id: company.companyId,
              group_id: group.group_id,
              privilege,
            })),
          )
          .execute();
      }
    }
    if (groupIds.length) {
      await trx
        .insertInto('user_groups')
        .values(
          groupIds.map((group_id) => ({
            company_id: company.companyId,
            user_id: user.user_id,
            group_id,
          })),
        )
        .execute();
    }
    const issued = await server.services.sessions.issue(trx, company.companyId, user.user_id, {
      ip: '127.0.0.1',
      userAgent: 'test',
    });
    return {
      userId: user.user_id,
      email,
      token: {
        hash: issued.hash,
        userlogin_id: issued.userlogin_id,
        hash_expire: issued.expires_at.toISOString(),
        logged_in_at: issued.logged_in_at.toISOString(),
        user_id: user.user_id,
        group_ids: groupIds,
        domain_ids: [],
      },
    };
  });
}

/** A token for the company's first admin (user 1, group 1). */
export async function adminToken(server: TestServer, company: TestCompany): Promise<UserToken> {
  return inTenant(server.database.db, company.companyId, async (trx) => {
    const issued = await server.services.sessions.issue(trx, company.companyId, 1, {
      ip: '127.0.0.1',
      userAgent: 'test',
    });
    return {
      hash: issued.hash,
      userlogin_id: issued.userlogin_id,
      hash_expire: issued.expires_at.toISOString(),
      logged_in_at: issued.logged_in_at.toISOString(),
      user_id: 1,
      group_ids: [1],
      domain_ids: [],
    };
  });
}
