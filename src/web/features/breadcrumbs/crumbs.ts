/**
 * The breadcrumb trail from Home to the current page of the main layout. Apart from
 * ../../app/paths.ts because it names modules from the catalogue, which loads every entity
 * definition: the landing page needs the paths, not the catalogue.
 */
import { entityByPath } from '../../../shared/entities';
import { moduleByName } from '../../../shared/modules';
import { PREFERENCES_ID } from '../../app/paths';
import { AUDIT_TRAIL_ROUTE } from '../audit/auditNav';
import { DIARY_ROUTE } from '../diary/diaryRoute';

export interface Crumb {
  label: string;
  to: string;
}

const labelOf = (segment: string) => {
  const words = decodeURIComponent(segment).replace(/_/g, ' ').trim();
  return words ? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}` : segment;
};

/** The main layout's pages that are not entity screens (see app/router.tsx). */
const FIXED_PAGES: Record<string, string> = {
  my_details: 'My details',
  test: 'Test page',
  stock: 'Stock',
  [AUDIT_TRAIL_ROUTE]: 'Audit trail',
  [DIARY_ROUTE]: 'Diary',
};

/** Pages under a fixed page: /app/diary/review. */
const SUB_PAGES: Record<string, Record<string, string>> = {
  [DIARY_ROUTE]: { review: 'Due for review' },
};

const isSubPage = (page: string, sub: string | undefined) =>
  sub !== undefined && Object.hasOwn(SUB_PAGES[page] ?? {}, sub);

/** The not-found page's trail: the URL's pieces are no page's or record's names. */
const NOT_FOUND_LABEL = 'Page not found';

/** Whether the router draws a page for these segments (after /app), not its not-found page. */
function isPage(entity: string, rest: readonly string[]): boolean {
  if (Object.hasOwn(FIXED_PAGES, entity))
    return rest.length === 0 || (rest.length === 1 && isSubPage(entity, rest[0]));
  return entityByPath(entity) !== undefined && rest.length <= 2;
}

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
  if (!isPage(entity, segments.slice(2)))
    return [...crumbs, { label: NOT_FOUND_LABEL, to: pathname }];
  const entityPath = `/app/${entity}`;
  crumbs.push({
    label: FIXED_PAGES[entity] ?? moduleByName(entity)?.label ?? labelOf(entity),
    to: entityPath,
  });
  if (id !== undefined && isSubPage(entity, id))
    return [...crumbs, { label: SUB_PAGES[entity]?.[id] ?? id, to: `${entityPath}/${id}` }];
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
