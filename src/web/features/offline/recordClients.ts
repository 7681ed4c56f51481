/**
 * Keeps the offline copies in step with the session: each patient the user opens is saved (see
 * clientStore.ts), and all copies are removed when the session ends — logout, a refused token, or
 * a page opened without anyone signed in — so that patients' details never outlive the session on
 * a shared device.
 */
import { onRowLoaded } from '../../entity/model/rowEvents';
import { useSession, type SessionState } from '../../session/store';
import { clearClients, saveClient } from './clientStore';

/** Whose copies these are: one user of one company. */
export const ownerOf = (s: Pick<SessionState, 'company_slug' | 'user'>): string | null =>
  s.user && s.company_slug ? `${s.company_slug}:${s.user.user_id}` : null;

export function startOfflineClients(): void {
  if (!ownerOf(useSession.getState())) void clearClients();
  useSession.subscribe((state, previous) => {
    const before = ownerOf(previous);
    if (before && before !== ownerOf(state)) void clearClients();
  });
  onRowLoaded('patients', (row) => {
    const owner = ownerOf(useSession.getState());
    const id = row.patient_id;
    if (owner && typeof id === 'number') void saveClient(owner, id, row);
  });
}
