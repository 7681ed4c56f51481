/**
 * One group's privileges in the editor: the catalogue and the saved list are
 * queries; the ticks are a draft until saved with groups/sync_group_privileges, whose answer (the
 * stored, normalised list) becomes the saved list. A failed save keeps the draft: the server's
 * message shows as a toast and nothing is lost.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { AvailablePrivilege } from '../../../shared/privileges';
import { call, callData, CallError } from '../../api/client';
import { useSession } from '../../session/store';
import { changedPrivileges, toggled, toStore, type Ticked } from './privilegeChoice';

const NONE: readonly string[] = [];
const NO_MODULES: readonly AvailablePrivilege[] = [];

function usePrivilegeQueries(groupId: number) {
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const savedKey = useMemo(
    () => ['group-privileges', slug, userId, groupId] as const,
    [slug, userId, groupId],
  );
  const available = useQuery({
    queryKey: ['available-privileges', slug, userId],
    queryFn: () => callData<AvailablePrivilege[]>('groups/get_available_privileges'),
    staleTime: Infinity,
  });
  const saved = useQuery({
    queryKey: savedKey,
    queryFn: () => callData<string[]>('groups/get_group_privileges', { group_id: groupId }),
  });
  return { available, saved, savedKey };
}

/**
 * The saved strings the catalogue still offers: one a newer version dropped would make every
 * save fail (the server refuses unknown strings), so it counts as un-ticked and goes at the next
 * save.
 */
function useKnown(saved: readonly string[], modules: readonly AvailablePrivilege[]) {
  return useMemo(() => {
    const known = new Set(
      modules.flatMap((m) => [m.route_id, ...m.children.map((c) => c.route_id)]),
    );
    return saved.filter((p) => known.has(p));
  }, [saved, modules]);
}

export function useGroupPrivileges(groupId: number) {
  const queryClient = useQueryClient();
  const { available, saved, savedKey } = usePrivilegeQueries(groupId);
  const modules = available.data ?? NO_MODULES;
  const savedList = useKnown(saved.data ?? NONE, modules);
  // The draft names its group, so that moving to another group never shows this one's ticks.
  const [draft, setDraft] = useState<{ groupId: number; ticked: Ticked } | null>(null);
  const [saving, setSaving] = useState(false);
  const ticked = useMemo<Ticked>(
    () => (draft?.groupId === groupId ? draft.ticked : new Set(savedList)),
    [draft, groupId, savedList],
  );
  const changed = useMemo(() => changedPrivileges(savedList, ticked), [savedList, ticked]);

  const toggle = useCallback(
    (privilege: string) => setDraft({ groupId, ticked: toggled(ticked, privilege) }),
    [groupId, ticked],
  );
  const revert = useCallback(() => setDraft(null), []);
  const save = useCallback(async () => {
    setSaving(true);
    try {
      const reply = await call<string[]>('groups/sync_group_privileges', {
        group_id: groupId,
        group_privileges: toStore(ticked),
      });
      if (reply.result) {
        queryClient.setQueryData(savedKey, reply.data);
        setDraft(null);
      }
    } catch (error) {
      if (!(error instanceof CallError)) throw error; // already shown to the user
    } finally {
      setSaving(false);
    }
  }, [groupId, ticked, queryClient, savedKey]);

  return {
    modules,
    loading: available.isPending || saved.isPending,
    failed: available.isError || saved.isError,
    ticked,
    changed,
    saving,
    toggle,
    revert,
    save,
  };
}
