/**
 * The queries of the session data, as options shared by the hooks that read them
 * (./queries.ts) and by the start-up prefetch (../app/startupPrefetch.ts): one key and one fetch per
 * piece of data, whoever asks first.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { LOCAL_LIST_LIMIT } from '../../shared/limits';
import { PRODUCT_MODULE } from '../../shared/modules';
import { grants, isAdmin } from '../../shared/privileges';
import { callData } from '../api/client';
import type { ModuleRow } from '../features/navigation/navModel';
import { parseSettings } from '../theme/publicSettings';
import { useCompany } from './companyStore';
import { useSession } from './store';

export interface SettingsRow {
  module_id: number;
  module_name: string;
  module_settings: unknown;
}

export type Preferences = Record<string, unknown>;

export interface CategoryRow {
  category_id: number;
  category_label: string;
  category_parent?: number | null;
  [field: string]: unknown;
}

export const queryKeys = {
  settings: (slug: string | null, userId: number | null) => ['settings', slug, userId] as const,
  preferences: (slug: string | null, userId: number | null, module: string) =>
    ['preferences', slug, userId, module] as const,
  privileges: (slug: string | null, userId: number | null) => ['privileges', slug, userId] as const,
  categories: (slug: string | null, userId: number | null) => ['categories', slug, userId] as const,
  modules: (slug: string | null, userId: number | null) => ['modules', slug, userId] as const,
};

/** Who the data is for: part of every key, so another user's or company's is never read. */
export interface Identity {
  slug: string | null;
  userId: number | null;
  admin: boolean;
}

export function identityOf(session = useSession.getState()): Identity {
  return {
    slug: session.company_slug,
    userId: session.user?.user_id ?? null,
    admin: isAdmin(session.user?.group_ids ?? []),
  };
}

/** module_name → private settings (logged-in users only). */
export const settingsQuery = ({ slug, userId }: Identity) =>
  queryOptions({
    queryKey: queryKeys.settings(slug, userId),
    queryFn: async () => {
      const rows = await callData<SettingsRow[]>('modules/get_settings');
      return Object.fromEntries(
        (Array.isArray(rows) ? rows : []).map((r) => [
          r.module_name,
          parseSettings(r.module_settings),
        ]),
      );
    },
    staleTime: 5 * 60_000,
  });

/** The user's preferences for a module (`{module}/get_my_preferences_for_module`). */
export const preferencesQuery = (
  { slug, userId }: Identity,
  module: string,
  moduleId: number | undefined,
) =>
  queryOptions({
    queryKey: queryKeys.preferences(slug, userId, module),
    queryFn: async (): Promise<Preferences> => {
      const data = await callData<Preferences>(`${module}/get_my_preferences_for_module`, {
        module_id: moduleId,
      });
      return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {};
    },
    staleTime: Infinity,
  });

/** The user's privilege strings; admins skip loading them. */
export const privilegesQuery = ({ slug, userId, admin }: Identity) =>
  queryOptions({
    queryKey: queryKeys.privileges(slug, userId),
    queryFn: async () => {
      if (admin) return [];
      const list = await callData<unknown>('users/get_user_privileges');
      return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
    },
    staleTime: 5 * 60_000,
  });

export const categoriesQuery = ({ slug, userId }: Identity) =>
  queryOptions({
    queryKey: queryKeys.categories(slug, userId),
    queryFn: async () => {
      // The call and payload of the category tree's own load: on the categories screen both are
      // one request (the API client shares identical reads in flight).
      const rows = await callData<CategoryRow[]>('categories/get_all_flat', {
        page: 1,
        limit: LOCAL_LIST_LIMIT,
        filters: {},
      });
      return Array.isArray(rows) ? rows : [];
    },
    staleTime: 5 * 60_000,
  });

/**
 * The modules list the navigation is built from. `modules/list` needs the modules privilege;
 * without it (`mayList` false, known from the privileges, so the server is not asked in vain)
 * the rows of `modules/get_settings` stand in (the server only answers for modules that are on).
 */
export const moduleRowsQuery = (
  client: QueryClient,
  { slug, userId }: Identity,
  mayList: boolean,
) =>
  queryOptions({
    queryKey: queryKeys.modules(slug, userId),
    queryFn: async (): Promise<ModuleRow[]> => {
      if (mayList) {
        try {
          const rows = await callData<ModuleRow[]>('modules/list', {
            page: 1,
            limit: LOCAL_LIST_LIMIT,
            filters: {},
          });
          if (Array.isArray(rows)) return rows;
        } catch {
          // Fall through to the settings rows.
        }
      }
      const rows = await client.fetchQuery({
        queryKey: ['settings-rows', slug, userId],
        queryFn: () => callData<SettingsRow[]>('modules/get_settings'),
        staleTime: 60_000,
      });
      return (Array.isArray(rows) ? rows : []).map((r) => ({
        module_id: r.module_id,
        module_name: r.module_name,
        module_enabled: 1,
      }));
    },
    staleTime: 5 * 60_000,
  });

/** The module's id, from the public settings once the company start has them. */
export async function moduleIdOf(module: string): Promise<number | undefined> {
  await useCompany.getState().start();
  return useCompany.getState().settings.moduleIds[module];
}

/**
 * Asks for everything the main shell waits for at once, as soon as a stored login is known,
 * instead of when the shell's code has loaded. Failures are left to the hooks, which ask again.
 */
export function prefetchShellData(client: QueryClient, identity: Identity): void {
  void client.prefetchQuery(settingsQuery(identity));
  void client.prefetchQuery(categoriesQuery(identity));
  void client
    .fetchQuery(privilegesQuery(identity))
    .then((privileges) => {
      const mayList = identity.admin || grants(privileges, 'modules/list');
      return client.prefetchQuery(moduleRowsQuery(client, identity, mayList));
    })
    .catch(() => undefined);
  void moduleIdOf(PRODUCT_MODULE).then((moduleId) => {
    if (moduleId !== undefined) {
      void client.prefetchQuery(preferencesQuery(identity, PRODUCT_MODULE, moduleId));
    }
  });
}
