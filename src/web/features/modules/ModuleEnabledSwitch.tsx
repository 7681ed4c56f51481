/**
 * The enabled toggle of the modules screen (slot `module_enabled_switch`): it calls
 * modules/update_module_enabled and changes the row only when the server answers with data; an
 * essential module's toggle is disabled with the fixed hint `ESSENTIAL_MODULE_TEXT`.
 */
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { ESSENTIAL_MODULE_TEXT, moduleByName } from '../../../shared/modules';
import { grants } from '../../../shared/privileges';
import { call } from '../../api/client';
import type { SlotProps } from '../../entity/extras/extraViews';
import { useEntityScope, useEntityState } from '../../entity/hooks/entityContext';
import type { Row } from '../../entity/model/types';
import { useReloadModuleData } from './useReloadModuleData';

/** Its own privilege decides, not the slot's `disabled` (which follows `modules/update`). */
export function ModuleEnabledSwitch({ row }: SlotProps) {
  const { store } = useEntityScope();
  const viewer = useEntityState((s) => s.viewer);
  const reload = useReloadModuleData();
  const [busy, setBusy] = useState(false);
  const essential =
    Number(row.module_essential) === 1 || moduleByName(String(row.module_name))?.essential === true;
  const mayToggle = viewer.admin || grants(viewer.privileges, 'modules/update_module_enabled');
  const toggle = async (next: boolean) => {
    setBusy(true);
    const reply = await call<Row | null>('modules/update_module_enabled', {
      module_id: row.module_id,
      module_enabled: next ? 1 : 0,
    }).catch(() => null);
    setBusy(false);
    if (!reply?.result || !reply.data) return;
    store
      .getState()
      .storeRow({ module_id: row.module_id, module_enabled: reply.data.module_enabled });
    await reload();
  };
  return (
    <Switch
      label="Enabled"
      // Named by its label alone, not also by the track's "Yes"/"No" (see ToggleField).
      aria-label="Enabled"
      description={essential ? ESSENTIAL_MODULE_TEXT : undefined}
      checked={Number(row.module_enabled) === 1}
      disabled={essential || !mayToggle || busy}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      onLabel="Yes"
      offLabel="No"
      size="md"
      mt="xs"
      data-field="module_enabled"
    />
  );
}
