/** The open edit conflict of the screen's entity set, and the two ways out of it (UI-free). */
import { useCallback } from 'react';
import { useEntityScope, useEntityState } from '../../entity/hooks/entityContext';

export function useEditConflict() {
  const { store } = useEntityScope();
  const message = useEntityState((s) => s.conflict?.message ?? null);
  const reload = useCallback(() => void store.getState().resolveConflict('reload'), [store]);
  const overwrite = useCallback(() => void store.getState().resolveConflict('overwrite'), [store]);
  return { message, reload, overwrite };
}
