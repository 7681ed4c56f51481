/** Pure helpers for routes: ids, redirects and the breadcrumb trail. */
import { moduleByName } from '../../shared/modules';

/** The id segment is numeric when it parses as a number, otherwise text. */
export function parseId(segment: string | undefined): number | string | undefined {
  if (segment === undefined || segment === '') return undefined;
  const trimmed = segment.trim();
  if (trimmed !== '' && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) {
    const n = Number(trimmed);
    if (Number.isFinite(n)) return n;
  }
  return segment;
}

export const PREFERENCES_ID = '__preferences';

/** The wanted path after login: only a path of this site (never `//host` or a full URL). */
export function safeRedirect(value: string | null | undefined, fallback = '/app'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}

/** `/?redirect=<wanted full path>` (the route guard). */
export function loginPathFor(wanted: string): string {
  return `/?${new URLSearchParams({ redirect: wanted }).toString()}`;
}

/** `path`, keeping the `?company=` the sign-in and reset pages were opened with. */
export function withCompany(path: string, company: string | null): string {
  return company ? `${path}?${new URLSearchParams({ company }).toString()}` : path;
}

export interface Crumb {
  label: string;
  to: string;
}

const labelOf = (segment: string) => {
  const words = decodeURIComponent(segment).replace(/_/g, ' ').trim();
  return words ? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}` : segment;
};

const FIXED_PAGES: Record<string, string> = { my_details: 'My details', test: 'Test page' };

/**
 * The trail from Home to the current page of the main layout; `titles` names records and tabs
 * by path (see features/breadcrumbs/pageTitles.ts).
 */
export function crumbsFor(
  pathname: string,
  titles: Readonly<Record<string, string>> = {},
): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'app') return [];
  const crumbs: Crumb[] = [{ label: 'Home', to: '/app' }];
  const [entity, id, tab] = segments.slice(1);
  if (!entity) return crumbs;
  const entityPath = `/app/${entity}`;
  crumbs.push({
    label: FIXED_PAGES[entity] ?? moduleByName(entity)?.label ?? labelOf(entity),
    to: entityPath,
  });
  if (id === undefined || FIXED_PAGES[entity]) return crumbs;
  const idPath = `${entityPath}/${id}`;
  crumbs.push({
    label: id === PREFERENCES_ID ? 'Preferences' : (titles[idPath] ?? `#${decodeURIComponent(id)}`),
    to: idPath,
  });
  const tabPath = `${idPath}/${tab}`;
  if (tab !== undefined) crumbs.push({ label: titles[tabPath] ?? labelOf(tab), to: tabPath });
  return crumbs;
}
