/** Addresses of the entity screen: rows, tabs and the preferences editor. */
import type { TabDefinition } from '../../../shared/entities';
import { PREFERENCES_ID } from '../../app/paths';
import type { Id } from './types';

export const listUri = (entities: string, search = '') => `/app/${entities}${search}`;

/** The row's uri, keeping the current tab. */
export function rowUri(entities: string, id: Id, tab?: string, search = ''): string {
  return `/app/${entities}/${id}${tab ? `/${encodeURIComponent(tab)}` : ''}${search}`;
}

export function preferencesUri(entities: string, tab?: string, search = ''): string {
  return `/app/${entities}/${PREFERENCES_ID}${tab ? `/${tab}` : ''}${search}`;
}

/** The tab of the route when the definition has it, else the preferred, else the first. */
export function currentTab(
  tabs: readonly TabDefinition[],
  routeTab: string | undefined,
  preferred?: unknown,
): TabDefinition {
  const first = tabs[0];
  if (!first) throw new Error('The editor needs at least one tab.');
  return tabs.find((t) => t.name === routeTab) ?? tabs.find((t) => t.name === preferred) ?? first;
}

/** The query flag that hides the list: present with any value but "0"/"false". */
export function singleEntityMode(search: URLSearchParams): boolean {
  if (!search.has('single_entity_mode')) return false;
  const value = search.get('single_entity_mode');
  return value !== '0' && value !== 'false';
}

/** Whether the id segment names a row: numbers only (text ids are not rows of these sets). */
export const rowIdOf = (id: number | string | undefined): Id | null =>
  typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;

export const isPreferencesId = (id: number | string | undefined) => id === PREFERENCES_ID;
