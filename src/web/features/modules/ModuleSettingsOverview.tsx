/**
 * The modules screen's Settings tab (slot `module_settings_tabs`): which settings tabs the module
 * has, each a click away, and "Reset to defaults" behind a 'Confirm'.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { SlotProps } from '../../entity/extras/extraViews';
import { useEntityScope } from '../../entity/hooks/entityContext';
import { useModuleSettings } from './useModuleSettings';

/** `modules/update_settings` decides, not the slot's `disabled` (which follows `modules/update`). */
export function ModuleSettingsOverview({ row }: SlotProps) {
  const { navigation } = useEntityScope();
  const settings = useModuleSettings(row);
  if (settings.tabs.length === 0) {
    return <Text c="dimmed">This module has no settings.</Text>;
  }
  return (
    <Stack gap="sm" data-slot="module_settings_tabs">
      <Text size="sm">Its settings are in these tabs:</Text>
      <Group gap="xs">
        {settings.tabs.map((tab) => (
          <Button
            key={tab.name}
            variant="light"
            size="xs"
            onClick={() => navigation.changeTab(tab.name)}
          >
            {tab.label}
          </Button>
        ))}
      </Group>
      <Group>
        <Button
          variant="outline"
          color="negative"
          disabled={!settings.mayChange}
          onClick={() => void settings.reset()}
        >
          Reset to defaults
        </Button>
      </Group>
    </Stack>
  );
}
