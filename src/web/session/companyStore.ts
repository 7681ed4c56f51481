/**
 * The company this page belongs to and its public settings (SPEC §1, §3.4, §4.10). Kept in a
 * small store rather than the query cache so that the landing page needs no query library.
 * `reloadPublicSettings()` re-reads them (after an admin changes them); brand colours follow.
 */
import { create } from 'zustand';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '../theme/publicSettings';
import { fetchPublicSettings, startCompany } from './bootstrap';
import { useSession } from './store';

interface CompanyState {
  status: 'starting' | 'ready';
  settings: PublicSettings;
  /** Shown on the landing page when the company is not known. */
  problem: string | null;
  start: () => Promise<void>;
}

export const useCompany = create<CompanyState>()((set, get) => ({
  status: 'starting',
  settings: DEFAULT_PUBLIC_SETTINGS,
  problem: null,
  async start() {
    if (get().status === 'ready') return;
    const started = await startCompany();
    set({ status: 'ready', settings: started.settings, problem: started.problem });
  },
}));

export async function reloadPublicSettings(): Promise<PublicSettings> {
  const slug = useSession.getState().company_slug;
  const { settings } = slug
    ? await fetchPublicSettings(slug)
    : { settings: DEFAULT_PUBLIC_SETTINGS };
  useCompany.setState({ settings });
  return settings;
}

export const usePublicSettings = (): PublicSettings => useCompany((s) => s.settings);
export const useModuleId = (module: string): number | undefined =>
  useCompany((s) => s.settings.moduleIds[module]);
