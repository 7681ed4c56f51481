import { useMemo } from 'react';
import { isAdmin } from '../../../shared/privileges';
import { useModuleRows, usePrivileges } from '../../session/queries';
import { useSession } from '../../session/store';
import { auditNavItem } from '../audit/auditNav';
import { visibleModules, type NavItem } from './navModel';

/** The modules this user may see, from the modules list and their privileges. */
export function useNavItems(): NavItem[] {
  const rows = useModuleRows().data;
  const privileges = usePrivileges().data;
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  return useMemo(() => {
    const items = visibleModules(rows ?? [], { admin, privileges: privileges ?? [] });
    // The audit trail is no module of its own: admins only, under Administration.
    return admin ? [...items, auditNavItem(rows ?? [])] : items;
  }, [rows, privileges, admin]);
}
