/**
 * The modules list's refresh button (modules/update_module_list): the server brings the rows in
 * line with the catalogue, then the list, the settings and the public settings reload.
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { grants } from '../../../shared/privileges';
import { call } from '../../api/client';
import { useEntityScope, useEntityState } from '../../entity/hooks/entityContext';
import { useReloadModuleData } from './useReloadModuleData';

export function RefreshModuleList() {
  const { store } = useEntityScope();
  const viewer = useEntityState((s) => s.viewer);
  const reload = useReloadModuleData();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    const reply = await call('modules/update_module_list').catch(() => null);
    if (reply?.result) {
      const state = store.getState();
      await Promise.all([state.loadList(), reload()]);
      const selected = state.selected_object?.module_id;
      if (typeof selected === 'number') await store.getState().loadRow(selected);
    }
    setBusy(false);
  };
  if (!viewer.admin && !grants(viewer.privileges, 'modules/update_settings')) return null;
  return (
    <Button variant="light" size="compact-sm" loading={busy} onClick={() => void refresh()}>
      Refresh the module list
    </Button>
  );
}
