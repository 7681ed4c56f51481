/** Everything the main shell waits for before it appears. */
import {
  usePrivileges,
  useCategories,
  useModuleRows,
  usePreferences,
  useSettings,
} from './queries';

export function useShellData() {
  const settings = useSettings();
  const preferences = usePreferences();
  const privileges = usePrivileges();
  const categories = useCategories();
  const modules = useModuleRows();
  const loading = [settings, preferences, privileges, categories, modules].some((q) => q.isLoading);
  return { ready: !loading };
}
