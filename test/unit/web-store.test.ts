import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../src/web/session/store';
import type { UserToken } from '../../src/shared/envelope';

const token: UserToken = {
  hash: 'h1',
  userlogin_id: 7,
  hash_expire: '2030-01-01T00:00:00.000Z',
  logged_in_at: '2029-12-31T00:00:00.000Z',
  user_id: 3,
  group_ids: [1],
  domain_ids: [],
};
const user = {
  user_id: 3,
  user_first_name: 'Ada',
  user_last_name: 'Admin',
  user_email: 'a@demo.clinic',
  group_ids: [1],
};

describe('session store', () => {
  beforeEach(() => {
    useSession.getState().logout();
    useSession.setState({ version: null, version_update: null, company_slug: null });
  });

  it('exists while a user is stored and is cleared by logout', () => {
    useSession.getState().login(user, token);
    expect(useSession.getState().user?.user_first_name).toBe('Ada');
    useSession.getState().logout();
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('keeps the first version seen and flags a different later one', () => {
    const session = useSession.getState();
    session.noticeVersion('1.0.0+a');
    session.noticeVersion('1.0.0+a');
    expect(useSession.getState().version_update).toBeNull();
    session.noticeVersion('1.0.0+b');
    expect(useSession.getState().version).toBe('1.0.0+a');
    expect(useSession.getState().version_update).toBe('1.0.0+b');
    useSession.getState().acceptVersion();
    expect(useSession.getState().version).toBe('1.0.0+b');
    expect(useSession.getState().version_update).toBeNull();
  });

  it('takes refreshed token fields from replies', () => {
    useSession.getState().login(user, token);
    useSession.getState().refreshToken({ hash_expire: '2031-01-01T00:00:00.000Z' });
    expect(useSession.getState().token).toMatchObject({
      hash: 'h1',
      hash_expire: '2031-01-01T00:00:00.000Z',
    });
  });

  it("forgets another clinic's login when the company changes", () => {
    useSession.getState().setCompany('demo', 'dev');
    useSession.getState().login(user, token);
    useSession.getState().setCompany('demo', 'dev');
    expect(useSession.getState().user).not.toBeNull();
    useSession.getState().setCompany('other', 'dev');
    expect(useSession.getState().user).toBeNull();
  });

  it('counts heartbeats', () => {
    useSession.getState().login(user, token);
    for (let i = 0; i < 6; i += 1) useSession.getState().tick();
    expect(useSession.getState().heartbeat).toEqual({ ticks: 6, every30: 2, every60: 1 });
  });
});
