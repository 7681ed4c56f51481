/**
 * The preferences editor (`/app/{entity}/__preferences[/{tab}]`): the generic editor over the
 * user's preferences for the module, and a reset after a confirmation.
 */
import { Button, Group, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useEntityScope } from '../hooks/entityContext';
import { useEntityPreferences } from '../hooks/useEntityPreferences';
import { useSaveState } from '../hooks/useSaveState';
import { useValuesSource } from '../hooks/useSources';
import { NO_PREFERENCES_TEXT, preferencesDefinition } from '../model/preferences';
import { EntityEditor } from './EntityEditor';
import { SaveStatusLine } from './SaveStatusLine';

export function PreferencesEditor() {
  const { definition, navigation } = useEntityScope();
  const prefs = useEntityPreferences(definition);
  const form = preferencesDefinition(definition);
  const { limit, sort, tab } = prefs.preferences;
  const values = useMemo(
    () => ({ list_limit: String(limit), list_sort: sort ?? '', default_tab: tab ?? '' }),
    [limit, sort, tab],
  );
  const savePreference = prefs.save;
  const send = useCallback(
    async (field: string, value: unknown) => ({ refusal: await savePreference(field, value) }),
    [savePreference],
  );
  const saving = useSaveState(send);
  const source = useValuesSource(form, values, saving.save);
  if (!prefs.allowed) {
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {NO_PREFERENCES_TEXT}
      </Text>
    );
  }
  return (
    <>
      <SaveStatusLine state={saving} />
      <EntityEditor
        source={source}
        routeTab={navigation.routeTab}
        onTabChange={navigation.changeTab}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={() => navigation.openList()}>
          Done
        </Button>
        <Button variant="light" color="negative" onClick={() => void prefs.reset()}>
          Reset preferences
        </Button>
      </Group>
    </>
  );
}
