/**
 * Session data the main shell needs before it appears: the company's settings, the
 * user's preferences for the product module, the user's privileges and the categories list —
 * plus the public settings and the modules list the navigation is built from. Failures are only
 * logged: a query that failed counts as settled, with an empty answer. The queries
 * themselves are in ./shellQueries.ts, shared with the start-up prefetch.
 */
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { PRODUCT_MODULE } from '../../shared/module-entry';
import { grants, isAdmin } from '../../shared/privileges';
import type { ModuleRow } from '../features/navigation/navModel';
import { useCompany, useModuleId } from './companyStore';
import {
  categoriesQuery,
  moduleRowsQuery,
  preferencesQuery,
  privilegesQuery,
  settingsQuery,
  type CategoryRow,
  type Identity,
  type Preferences,
} from './shellQueries';
import { useSession } from './store';

export { queryKeys } from './shellQueries';
export type { CategoryRow, Preferences, SettingsRow } from './shellQueries';

function useIdentity(): Identity {
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  return { slug, userId, admin };
}

/** module_name → private settings (logged-in users only). */
export function useSettings(): UseQueryResult<Record<string, Record<string, unknown>>> {
  const identity = useIdentity();
  return useQuery({ ...settingsQuery(identity), enabled: identity.userId !== null });
}

/** The user's preferences for a module (`{module}/get_my_preferences_for_module`). */
export function usePreferences(module: string = PRODUCT_MODULE): UseQueryResult<Preferences> {
  const identity = useIdentity();
  const moduleId = useModuleId(module);
  const companyReady = useCompany((s) => s.status === 'ready');
  return useQuery({
    ...preferencesQuery(identity, module, moduleId),
    // Without a module id (public settings failed) the call cannot be made: settle as empty.
    enabled: identity.userId !== null && (moduleId !== undefined || companyReady),
  });
}

/** The user's privilege strings; admins skip loading them. */
export function usePrivileges(): UseQueryResult<string[]> {
  const identity = useIdentity();
  return useQuery({ ...privilegesQuery(identity), enabled: identity.userId !== null });
}

export function useCategories(): UseQueryResult<CategoryRow[]> {
  const identity = useIdentity();
  return useQuery({ ...categoriesQuery(identity), enabled: identity.userId !== null });
}

/** The modules list the navigation is built from (see moduleRowsQuery). */
export function useModuleRows(): UseQueryResult<ModuleRow[]> {
  const identity = useIdentity();
  const privileges = usePrivileges();
  const queryClient = useQueryClient();
  const mayList = identity.admin || grants(privileges.data ?? [], 'modules/list');
  return useQuery({
    ...moduleRowsQuery(queryClient, identity, mayList),
    enabled: identity.userId !== null && (identity.admin || privileges.isSuccess),
  });
}
