/**
 * One of a module's own settings tabs (`_tabs`) on the modules screen, drawn by the one entity
 * editor: each item becomes a field of a small definition, so colours, toggles, choices and
 * numbers look and behave as everywhere else, a refusal shows at the field, and the quiet status
 * line says "Saving…", "Saved" or "Not saved — Retry" as on every record.
 */
import { Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import type { EntityDefinition, TabDefinition } from '../../../shared/entities';
import type { SettingsTab } from '../../../shared/settings';
import { EntityEditor } from '../../entity/editor/EntityEditor';
import type { ExtraTabProps } from '../../entity/extras/extraViews';
import { SaveStatusLine } from '../../entity/editor/SaveStatusLine';
import { useSaveState } from '../../entity/hooks/useSaveState';
import { useValuesSource } from '../../entity/hooks/useSources';
import { settingField } from './settingFields';
import { NOT_SAVED_TEXT, useModuleSettings } from './useModuleSettings';

const asEditorTab = (tab: SettingsTab): TabDefinition => ({
  name: tab.name,
  label: tab.label,
  sections: tab.sections.map((section) => ({
    title: section.title,
    columns: 2,
    collapsible: false,
    startsClosed: false,
    items: section.items.map((item) => item.name),
  })),
});

function settingsDefinition(base: EntityDefinition, tab: SettingsTab): EntityDefinition {
  return {
    ...base,
    fields: tab.sections.flatMap((section) => section.items.map(settingField)),
    relations: [],
    extras: [],
    tabs: [asEditorTab(tab)],
  };
}

export function SettingsTabView({ definition, row, tab }: ExtraTabProps) {
  const settings = useModuleSettings(row);
  const settingsTab = settings.tabs.find((t) => t.name === tab);
  const tabDefinition = useMemo(
    () => settingsDefinition(definition, settingsTab ?? { name: tab, label: tab, sections: [] }),
    [definition, settingsTab, tab],
  );
  const { itemByName, save: saveItem, mayChange } = settings;
  const send = useCallback(
    async (name: string, value: unknown) => {
      const item = itemByName.get(name);
      return { refusal: item ? await saveItem(item, value) : NOT_SAVED_TEXT };
    },
    [itemByName, saveItem],
  );
  const saving = useSaveState(send);
  const items = useMemo(
    () => Object.fromEntries(tabDefinition.fields.map((f) => [f.name, { disabled: !mayChange }])),
    [tabDefinition, mayChange],
  );
  const source = useValuesSource(tabDefinition, settings.values, saving.save, items);
  if (!settingsTab) return <Text c="dimmed">This module has no such settings.</Text>;
  return (
    <div data-settings-tab={tab}>
      <SaveStatusLine state={saving} />
      <EntityEditor source={source} routeTab={tab} onTabChange={() => undefined} />
    </div>
  );
}
