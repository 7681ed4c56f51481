/**
 * A list opened with filters in its address (`/app/prescriptions?prescription_patient_id=5`,
 * the patient tab's "Show all") starts with them, in place of the filters it had, and with the
 * filters panel open, as if the user had set them; from then on the user's own changes win.
 */
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EntityDefinition } from '../../../shared/entities';
import { addressFilters } from '../model/addressFilters';
import type { EntityStore } from '../model/store';

/**
 * Call it before the screen's route effect: the list it starts loading is then neither cleared
 * nor loaded again by the once-only rule, which only touches a list neither loaded nor loading.
 */
export function useAddressFilters(
  definition: EntityDefinition,
  store: EntityStore,
  ready: boolean,
) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const fromAddress = useMemo(() => addressFilters(definition, search), [definition, search]);

  useEffect(() => {
    if (!ready || !fromAddress) return;
    if (Object.keys(fromAddress.filters).length > 0) {
      const state = store.getState();
      state.setFiltersOpen(true);
      void state.replaceFilters(fromAddress.filters);
    }
    // The parameters leave the address once read: the filters live in the list from then on, so
    // a reload can not bring back one the user removed, and opened rows do not carry them along.
    void navigate(`${pathname}${fromAddress.rest}${hash}`, { replace: true });
  }, [ready, fromAddress, store, navigate, pathname, hash]);
}
