/** Pure helpers for routes: ids, redirects and the breadcrumb trail. */

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

/** `/app/{entities}` without a row: the list screen whose rows can be asked for early. */
export const listScreenOf = (pathname: string): string | undefined =>
  /^\/app\/([a-z_]+)\/?$/.exec(pathname)?.[1];

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
