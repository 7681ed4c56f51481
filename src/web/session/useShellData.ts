/**
 * Everything the main shell waits for before it appears. The category tree is asked for here
 * too but not waited for: it can be thousands of nodes (1.6 MB for 5,000), and only a category
 * filter or picker needs it; they show it when it arrives (../entity/pickers/useCategoryTree.ts).
 */
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
  useCategories();
  const modules = useModuleRows();
  const loading = [settings, preferences, privileges, modules].some((q) => q.isLoading);
  return { ready: !loading };
}
