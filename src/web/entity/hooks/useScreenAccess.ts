/** The screen's access (../model/access.ts) from the session's privileges and modules list. */
import { useMemo } from 'react';
import type { EntityDefinition } from '../../../shared/entities';
import { isAdmin } from '../../../shared/privileges';
import { useModuleRows, usePrivileges } from '../../session/queries';
import { useSession } from '../../session/store';
import { screenAccess, type ScreenAccess } from '../model/access';

export function useScreenAccess(definition: EntityDefinition): ScreenAccess {
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  const privileges = usePrivileges().data ?? null;
  const modules = useModuleRows().data ?? null;
  return useMemo(
    () => screenAccess(definition, { admin, privileges, modules }),
    [definition, admin, privileges, modules],
  );
}
