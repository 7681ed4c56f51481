/**
 * One of a module's own settings tabs (`_tabs`) on the modules screen, drawn by the one entity
 * editor: each item becomes a field of a small definition, so colours, toggles, choices and
 * numbers look and behave as everywhere else, and a refusal shows at the field.
 */
import { Text } from '@mantine/core';
import type { EntityDefinition, TabDefinition } from '../../../shared/entities';
import type { SettingsTab } from '../../../shared/settings';
import { EntityEditor } from '../../entity/editor/EntityEditor';
import type { ExtraTabProps } from '../../entity/extras/extraViews';
import type { EditorSource } from '../../entity/fields/source';
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
  if (!settingsTab) return <Text c="dimmed">This module has no such settings.</Text>;
  const tabDefinition = settingsDefinition(definition, settingsTab);
  const locked = !settings.mayChange;
  const source: EditorSource = {
    definition: tabDefinition,
    values: settings.values,
    items: Object.fromEntries(tabDefinition.fields.map((f) => [f.name, { disabled: locked }])),
    save: (field, value) => {
      const item = settings.itemByName.get(field.name);
      return item ? settings.save(item, value) : Promise.resolve(NOT_SAVED_TEXT);
    },
    record: false,
    sectionOpen: () => true,
    setSectionOpen: () => undefined,
  };
  return (
    <div data-settings-tab={tab}>
      <EntityEditor source={source} routeTab={tab} onTabChange={() => undefined} />
    </div>
  );
}
