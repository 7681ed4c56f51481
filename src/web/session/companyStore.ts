/**
 * The company this page belongs to and its public settings. Kept in a
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

/** One start per page, however many callers wait for it (App, and a login sent very early). */
let starting: Promise<void> | null = null;

export const useCompany = create<CompanyState>()((set) => ({
  status: 'starting',
  settings: DEFAULT_PUBLIC_SETTINGS,
  problem: null,
  start() {
    starting ??= startCompany().then((started) =>
      set({ status: 'ready', settings: started.settings, problem: started.problem }),
    );
    return starting;
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
