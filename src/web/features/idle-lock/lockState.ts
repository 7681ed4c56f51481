/**
 * Whether the screen is locked, shared by every tab of this browser through localStorage: the
 * lock names the user it is for (company and user id), so a reload keeps it and the storage
 * event locks or unlocks the other tabs at once. The last input is shared the same way, so an
 * idle tab does not lock the one the user is working in.
 */
import { create } from 'zustand';
import { useSession } from '../../session/store';

const LOCK_KEY = 'materia-idle-lock';
const ACTIVITY_KEY = 'materia-last-input';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): this tab still locks; the others do not hear of it.
  }
}

/** Whose lock it is: another user signing in on this browser is not locked out by it. */
function identity(): string | null {
  const { company_slug, user } = useSession.getState();
  return user ? `${company_slug ?? ''}:${user.user_id}` : null;
}

const lockedNow = () => {
  const who = identity();
  return who !== null && read(LOCK_KEY) === who;
};

interface LockState {
  locked: boolean;
  /** Reads the shared state again (a storage event, a sign-in). */
  refresh: () => void;
}

export const useLockState = create<LockState>((set) => ({
  locked: lockedNow(),
  refresh: () => set({ locked: lockedNow() }),
}));

export function lockScreen(): void {
  const who = identity();
  if (who === null) return;
  write(LOCK_KEY, who);
  useLockState.getState().refresh();
}

export function unlockScreen(): void {
  write(LOCK_KEY, null);
  noteInput(Date.now());
  useLockState.getState().refresh();
}

export function noteInput(at: number): void {
  write(ACTIVITY_KEY, String(at));
}

/** The last input in any tab (this one's when storage is refused). */
export function lastInput(fallback: number): number {
  const shared = Number(read(ACTIVITY_KEY));
  return Number.isFinite(shared) && shared > fallback ? shared : fallback;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LOCK_KEY || event.key === null) useLockState.getState().refresh();
  });
  useSession.subscribe((session) => {
    // Signed out (here, or a refused token): signing in again asks for the password anyway.
    if (session.signed_out && read(LOCK_KEY) !== null) write(LOCK_KEY, null);
    useLockState.getState().refresh();
  });
}
