/**
 * The preferences editor (`/app/{entity}/__preferences[/{tab}]`): the generic editor over the
 * user's preferences for the module, and a reset after a confirmation.
 */
import { Button, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useEntityScope } from '../hooks/entityContext';
import { useEntityPreferences } from '../hooks/useEntityPreferences';
import { useValuesSource } from '../hooks/useSources';
import { NO_PREFERENCES_TEXT, preferencesDefinition } from '../model/preferences';
import { EntityEditor } from './EntityEditor';

export function PreferencesEditor() {
  const { definition, navigation } = useEntityScope();
  const prefs = useEntityPreferences(definition);
  const form = preferencesDefinition(definition);
  const { limit, sort, tab } = prefs.preferences;
  const values = useMemo(
    () => ({ list_limit: String(limit), list_sort: sort ?? '', default_tab: tab ?? '' }),
    [limit, sort, tab],
  );
  const source = useValuesSource(form, values, prefs.save);
  if (!prefs.allowed) {
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {NO_PREFERENCES_TEXT}
      </Text>
    );
  }
  return (
    <>
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
