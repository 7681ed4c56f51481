/**
 * Session data the main shell needs before it appears (SPEC §2.3): the company's settings, the
 * user's preferences for the product module, the user's privileges and the categories list —
 * plus the public settings and the modules list the navigation is built from. Failures are only
 * logged (SPEC §8.2): a query that failed counts as settled, with an empty answer.
 */
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { LOCAL_LIST_LIMIT } from '../../shared/limits';
import { PRODUCT_MODULE } from '../../shared/modules';
import { grants, isAdmin } from '../../shared/privileges';
import { callData } from '../api/client';
import type { ModuleRow } from '../features/navigation/navModel';
import { parseSettings } from '../theme/publicSettings';
import { useCompany, useModuleId } from './companyStore';
import { useSession } from './store';

export interface SettingsRow {
  module_id: number;
  module_name: string;
  module_settings: unknown;
}

export type Preferences = Record<string, unknown>;

export const queryKeys = {
  settings: (slug: string | null, userId: number | null) => ['settings', slug, userId] as const,
  preferences: (slug: string | null, userId: number | null, module: string) =>
    ['preferences', slug, userId, module] as const,
  privileges: (slug: string | null, userId: number | null) => ['privileges', slug, userId] as const,
  categories: (slug: string | null, userId: number | null) => ['categories', slug, userId] as const,
  modules: (slug: string | null, userId: number | null) => ['modules', slug, userId] as const,
};

function useIdentity() {
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  return { slug, userId, admin };
}

/** module_name → private settings (logged-in users only). */
export function useSettings(): UseQueryResult<Record<string, Record<string, unknown>>> {
  const { slug, userId } = useIdentity();
  return useQuery({
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
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The user's preferences for a module (`{module}/get_my_preferences_for_module`). */
export function usePreferences(module: string = PRODUCT_MODULE): UseQueryResult<Preferences> {
  const { slug, userId } = useIdentity();
  const moduleId = useModuleId(module);
  const companyReady = useCompany((s) => s.status === 'ready');
  return useQuery({
    queryKey: queryKeys.preferences(slug, userId, module),
    queryFn: async () => {
      const data = await callData<Preferences>(`${module}/get_my_preferences_for_module`, {
        module_id: moduleId,
      });
      return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {};
    },
    // Without a module id (public settings failed) the call cannot be made: settle as empty.
    enabled: userId !== null && (moduleId !== undefined || companyReady),
    staleTime: Infinity,
  });
}

/** The user's privilege strings; admins skip loading them (SPEC §6). */
export function usePrivileges(): UseQueryResult<string[]> {
  const { slug, userId, admin } = useIdentity();
  return useQuery({
    queryKey: queryKeys.privileges(slug, userId),
    queryFn: async () => {
      if (admin) return [];
      const list = await callData<unknown>('users/get_user_privileges');
      return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
    },
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}

export interface CategoryRow {
  category_id: number;
  category_label: string;
  category_parent?: number | null;
  [field: string]: unknown;
}

export function useCategories(): UseQueryResult<CategoryRow[]> {
  const { slug, userId } = useIdentity();
  return useQuery({
    queryKey: queryKeys.categories(slug, userId),
    queryFn: async () => {
      const rows = await callData<CategoryRow[]>('categories/list', {
        page: 1,
        limit: LOCAL_LIST_LIMIT,
        filters: {},
      });
      return Array.isArray(rows) ? rows : [];
    },
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * The modules list the navigation is built from. `modules/list` needs the modules privilege;
 * without it (known from the privileges, so the server is not asked in vain) the rows of
 * `modules/get_settings` stand in (the server only answers for modules that are on).
 */
export function useModuleRows(): UseQueryResult<ModuleRow[]> {
  const { slug, userId, admin } = useIdentity();
  const privileges = usePrivileges();
  const queryClient = useQueryClient();
  const mayList = admin || grants(privileges.data ?? [], 'modules/list');
  return useQuery({
    queryKey: queryKeys.modules(slug, userId),
    queryFn: async () => {
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
      const rows = await queryClient.fetchQuery({
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
    enabled: userId !== null && (admin || privileges.isSuccess),
    staleTime: 5 * 60_000,
  });
}
