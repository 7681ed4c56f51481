/**
 * The definition as this company uses it: the capabilities its module switched off (a module
 * setting, see src/shared/capabilities.ts) are off here too, so every part of the screen that
 * reads `definition.capabilities` hides Add, Delete, Select mode, ordering or preferences alike.
 */
import { useEffect, useMemo } from 'react';
import { effectiveCapabilities } from '../../../shared/capabilities';
import type { EntityDefinition } from '../../../shared/entities';
import { useSettings } from '../../session/queries';
import type { EntityStore } from '../model/store';

export function useEffectiveDefinition(definition: EntityDefinition): EntityDefinition {
  const moduleSettings = useSettings().data?.[definition.module];
  return useMemo(() => {
    const capabilities = effectiveCapabilities(definition, moduleSettings);
    const same = (Object.keys(capabilities) as Array<keyof typeof capabilities>).every(
      (key) => capabilities[key] === definition.capabilities[key],
    );
    return same ? definition : { ...definition, capabilities };
  }, [definition, moduleSettings]);
}

/** Select mode switched off for the module while a user is in it: they leave it (and its picks). */
export function useSelectModeAllowed(definition: EntityDefinition, store: EntityStore): void {
  const allowed = definition.capabilities.selectMode;
  useEffect(() => {
    if (!allowed && store.getState().select_mode) store.getState().toggleSelectMode();
  }, [allowed, store]);
}
