/** localStorage access that never throws (private windows, quota, corrupted JSON). */
export function readJson<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the session then lasts as long as the page.
  }
}

export const SESSION_KEY = 'materia.session';
export const USER_KEY = 'materia.user';
