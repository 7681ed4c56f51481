/** Lazy parts of the app; a part that has not loaded after 120 s counts as failed. */
import { createElement, lazy, useState, type ComponentType } from 'react';
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

/** Modules their loader has brought in (see `remembered`), by loader. */
const loadedModules = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * A loader that remembers its module once it has come. A lazy page whose module was asked for
 * early (routeModules.loadCodeFor) then renders at once: React.lazy would suspend on its first
 * render whatever had loaded, show the fallback, and React holds a revealed fallback's content
 * back for up to 300 ms (measured: the 5,000-node tree waited 150 ms with its data in hand).
 */
export function remembered<M>(load: () => Promise<M>): () => Promise<M> {
  const loader = (): Promise<M> =>
    load().then((module) => {
      loadedModules.set(loader, module);
      return module;
    });
  return loader;
}

/** `React.lazy` for a named export, with the load timeout; no suspense once it has loaded. */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): ComponentType<Record<string, never>> {
  const Lazy = lazy(async () => {
    const module = await withTimeout(load());
    return { default: module[name] as ComponentType<Record<string, never>> };
  });
  return function LazyNamed(props: Record<string, never>) {
    // Chosen once per mount: switching from the lazy wrapper to the module's own component
    // would be a different element type, and React would mount the page afresh.
    const [Component] = useState(() => {
      const module = loadedModules.get(load) as M | undefined;
      return module ? (module[name] as ComponentType<Record<string, never>>) : Lazy;
    });
    return createElement(Component, props);
  };
}
