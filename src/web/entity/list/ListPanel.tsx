/**
 * The list panel: header with the entity name and a settings button when it has
 * preferences; the search box; the filters; the list, or the tree for tree entities; the bottom
 * control bar.
 */
import { ActionIcon, Group, Title, Tooltip } from '@mantine/core';
import { Suspense } from 'react';
import { LIST_TOOLS } from '../extras/extraViews';
import { useEntityScope } from '../hooks/entityContext';
import { ControlBar } from './ControlBar';
import { EntityList } from './EntityList';
import { EntityTree } from './EntityTree';
import { FiltersPanel } from './FiltersPanel';
import classes from './List.module.css';
import { SearchBox } from './SearchBox';
import { SelectionBar } from './SelectionBar';

export function ListPanel() {
  const { definition, navigation } = useEntityScope();
  const Tools = LIST_TOOLS[definition.entities];
  return (
    <div className={classes.panel}>
      <div className={classes.top}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={1} size="h3" lineClamp={1}>
            {definition.title}
          </Title>
          {Tools && (
            <Suspense fallback={null}>
              <Tools />
            </Suspense>
          )}
          {definition.capabilities.preferences && (
            <Tooltip label="My preferences for this list">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label="Settings"
                onClick={navigation.openPreferences}
              >
                <span aria-hidden className={classes.glyph}>
                  ⚙
                </span>
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <SearchBox />
        <FiltersPanel />
      </div>
      {definition.tree ? <EntityTree /> : <EntityList />}
      <SelectionBar />
      <ControlBar />
    </div>
  );
}
