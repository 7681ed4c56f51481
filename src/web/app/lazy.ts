/** Lazy parts of the app; a part that has not loaded after 120 s counts as failed. */
import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config';

export function withTimeout<T>(promise: Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('A part of the app took too long to load. Check your connection.')),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** `React.lazy` for a named export, with the load timeout. */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): ComponentType<Record<string, never>> {
  return lazy(async () => {
    const module = await withTimeout(load());
    return { default: module[name] as ComponentType<Record<string, never>> };
  });
}
