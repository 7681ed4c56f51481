/**
 * The session. Only company_slug, environment and version persist in
 * localStorage (`materia.session`); the logged-in user and token are stored separately
 * (`materia.user`). A session exists while a user is stored.
 */
import { create } from 'zustand';
import type { UserToken } from '../../shared/envelope';
import type { Environment } from '../config';
import { INITIAL_HEARTBEAT, nextHeartbeat, type HeartbeatCounters } from './heartbeat';
import { readJson, SESSION_KEY, USER_KEY, writeJson } from './storage';
import type { SessionUser, StoredLogin } from './types';

interface PersistedSession {
  company_slug: string | null;
  environment: Environment;
  version: string | null;
}

export interface SessionState extends PersistedSession {
  user: SessionUser | null;
  token: UserToken | null;
  /** A later reply reported another version than the first one seen. */
  version_update: string | null;
  heartbeat: HeartbeatCounters;
  last_request_at: number;
  /**
   * The session was ended here (logout, or a refused token) rather than never started: the
   * route guard then returns to a plain `/`, without a redirect back to the page left.
   */
  signed_out: boolean;

  setCompany: (slug: string, environment: Environment) => void;
  login: (user: SessionUser, token: UserToken) => void;
  setUser: (user: SessionUser) => void;
  refreshToken: (fields: Partial<UserToken>) => void;
  /** Clears the user locally; the caller decides where to go next. */
  logout: () => void;
  noticeVersion: (version: string) => void;
  acceptVersion: () => void;
  tick: () => void;
  noteRequest: (at: number) => void;
}

const persisted = readJson<Partial<PersistedSession>>(SESSION_KEY) ?? {};
const storedLogin = readJson<StoredLogin>(USER_KEY);
const validLogin =
  storedLogin && typeof storedLogin.user?.user_id === 'number' && storedLogin.token?.hash
    ? storedLogin
    : null;

function persist(state: PersistedSession): void {
  writeJson(SESSION_KEY, {
    company_slug: state.company_slug,
    environment: state.environment,
    version: state.version,
  });
}

export const useSession = create<SessionState>()((set, get) => ({
  company_slug: persisted.company_slug ?? null,
  environment: persisted.environment ?? 'prod',
  version: persisted.version ?? null,
  user: validLogin?.user ?? null,
  token: validLogin?.token ?? null,
  version_update: null,
  heartbeat: INITIAL_HEARTBEAT,
  last_request_at: Date.now(),
  signed_out: false,

  setCompany(slug, environment) {
    const previous = get().company_slug;
    set({ company_slug: slug, environment });
    persist(get());
    // Another clinic's login is no login here.
    if (previous && previous !== slug && get().user) get().logout();
  },
  login(user, token) {
    writeJson(USER_KEY, { user, token } satisfies StoredLogin);
    set({
      user,
      token,
      heartbeat: INITIAL_HEARTBEAT,
      last_request_at: Date.now(),
      signed_out: false,
    });
  },
  setUser(user) {
    const { token } = get();
    if (!token) return;
    writeJson(USER_KEY, { user, token } satisfies StoredLogin);
    set({ user });
  },
  refreshToken(fields) {
    const { user, token } = get();
    if (!user || !token) return;
    const next: UserToken = { ...token, ...fields };
    if (
      next.hash === token.hash &&
      next.hash_expire === token.hash_expire &&
      next.userlogin_id === token.userlogin_id &&
      next.logged_in_at === token.logged_in_at
    ) {
      return;
    }
    writeJson(USER_KEY, { user, token: next } satisfies StoredLogin);
    set({ token: next });
  },
  logout() {
    writeJson(USER_KEY, null);
    set({ user: null, token: null, heartbeat: INITIAL_HEARTBEAT, signed_out: true });
  },
  noticeVersion(version) {
    const { version: first } = get();
    if (!version) return;
    if (!first) {
      set({ version });
      persist(get());
    } else if (first !== version && get().version_update !== version) {
      set({ version_update: version });
    }
  },
  acceptVersion() {
    const next = get().version_update;
    if (!next) return;
    set({ version: next, version_update: null });
    persist(get());
  },
  tick() {
    set({ heartbeat: nextHeartbeat(get().heartbeat) });
  },
  noteRequest(at) {
    set({ last_request_at: at });
  },
}));
