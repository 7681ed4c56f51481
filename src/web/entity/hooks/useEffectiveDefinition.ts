/**
 * The definition as this company uses it: the capabilities its module switched off (a module
 * setting, see src/shared/capabilities.ts) are off here too, so every part of the screen that
 * reads `definition.capabilities` hides Add, Delete, Select mode, ordering or preferences alike.
 */
import { useMemo } from 'react';
import { effectiveCapabilities } from '../../../shared/capabilities';
import type { EntityDefinition } from '../../../shared/entities';
import { useSettings } from '../../session/queries';

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
