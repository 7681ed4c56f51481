/**
 * Names of the pages a path alone can not tell: a record's label for `/app/{entity}/{id}` and its
 * tabs' labels for `/app/{entity}/{id}/{tab}`. The entity screen publishes them; the breadcrumbs
 * read them (else they fall back to `#id` and the tab's path segment).
 */
import { useEffect } from 'react';
import { create } from 'zustand';

/** Enough for the records one visits in a session; older names are dropped. */
const KEEP = 200;

interface PageTitles {
  titles: Readonly<Record<string, string>>;
  name: (entries: ReadonlyArray<readonly [string, string]>) => void;
}

export const usePageTitles = create<PageTitles>((set) => ({
  titles: {},
  name: (entries) =>
    set((state) => {
      const changed = entries.some(([path, title]) => state.titles[path] !== title);
      if (!changed) return state;
      const next = Object.entries({ ...state.titles, ...Object.fromEntries(entries) });
      return { titles: Object.fromEntries(next.slice(-KEEP)) };
    }),
}));

/** Names a record's page and its tabs while they are on screen. */
export function useNamePages(
  recordPath: string | null,
  title: string,
  tabs: ReadonlyArray<{ name: string; label: string }>,
): void {
  const name = usePageTitles((s) => s.name);
  const key = tabs.map((t) => `${t.name}:${t.label}`).join('|');
  useEffect(() => {
    if (!recordPath || !title) return;
    name([[recordPath, title], ...tabs.map((t) => [`${recordPath}/${t.name}`, t.label] as const)]);
    // `key` stands for `tabs`, whose identity changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordPath, title, key, name]);
}
