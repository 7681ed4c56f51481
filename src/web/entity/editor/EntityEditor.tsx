/**
 * The one editor: tabs only when more than one is visible; sections in two columns
 * on wide panels and one on narrow ones, collapsible, some starting closed (from the
 * definition); every item drawn by its renderer (fields/renderers.tsx).
 */
import { Alert, Collapse, Paper, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import type { SectionDefinition, TabDefinition } from '../../../shared/entities';
import { EXTRA_TABS } from '../extras/extraViews';
import { ExtraTabPanel } from '../fields/ExtraFields';
import { EditorItemView } from '../fields/renderers';
import { SourceContext, useSource, type EditorSource } from '../fields/source';
import { useNamePages } from '../../features/breadcrumbs/pageTitles';
import { currentTab } from '../model/routes';
import { idOf, labelOf } from '../model/rows';
import classes from './EntityEditor.module.css';

interface Props {
  source: EditorSource;
  routeTab: string | undefined;
  preferredTab?: string | null;
  onTabChange: (tab: string) => void;
  /** Only these items (the add dialog shows the required fields). */
  only?: readonly string[];
}

export function EntityEditor({ source, routeTab, preferredTab, onTabChange, only }: Props) {
  const tabs = useTabs(source);
  const tab = currentTab(tabs, routeTab, preferredTab);
  useNameRecordPages(source, only ? [] : tabs);
  return (
    <SourceContext.Provider value={source}>
      {!only && <RowLockNotice source={source} />}
      {only ? (
        <div className={classes.stack}>
          {only.map((name) => (
            <EditorItemView key={name} name={name} />
          ))}
        </div>
      ) : tabs.length > 1 ? (
        <Tabs value={tab.name} onChange={(next) => next && onTabChange(next)} keepMounted={false}>
          <Tabs.List mb="md">
            {tabs.map((t) => (
              <Tabs.Tab key={t.name} value={t.name}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((t) => (
            <Tabs.Panel key={t.name} value={t.name}>
              <TabContent tab={t} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <TabContent tab={tab} />
      )}
    </SourceContext.Provider>
  );
}

/**
 * A record whose fields are all disabled says why, once: it is locked (a dispensed
 * prescription), or the viewer may not change this entity set (`source.notice`).
 */
function RowLockNotice({ source }: { source: EditorSource }) {
  const text = source.record ? (source.notice ?? null) : null;
  if (!text) return null;
  return (
    <Alert color="gray" variant="light" role="status" mb="md" data-testid="row-lock">
      {text}
    </Alert>
  );
}

/** The breadcrumbs name a stored row's page by its label and its tabs by theirs. */
function useNameRecordPages(source: EditorSource, tabs: readonly TabDefinition[]) {
  const { definition, values, record } = source;
  const id = record ? idOf(definition, values) : null;
  useNamePages(
    id === null ? null : `/app/${definition.entities}/${id}`,
    labelOf(definition, values),
    tabs,
  );
}

/**
 * The definition's tabs, then those a stored row brings (EXTRA_TABS in ../extras/extraViews.ts);
 * the latter have no sections.
 */
function useTabs(source: EditorSource): readonly TabDefinition[] {
  const own = source.definition.tabs;
  const extra = source.record ? EXTRA_TABS[source.definition.entities] : undefined;
  if (!extra) return own;
  const added = extra
    .tabsOf(source.values)
    .filter((t) => !own.some((o) => o.name === t.name))
    .map((t) => ({ ...t, sections: [] }));
  return [...own, ...added];
}

function TabContent({ tab }: { tab: TabDefinition }) {
  const source = useSource();
  const own = source.definition.tabs.some((t) => t.name === tab.name);
  return own ? <TabSections tab={tab} /> : <ExtraTabPanel tab={tab.name} label={tab.label} />;
}

function TabSections({ tab }: { tab: TabDefinition }) {
  return (
    <div className={classes.sections}>
      {tab.sections.map((section) => (
        <EditorSection key={section.title} tabName={tab.name} section={section} />
      ))}
    </div>
  );
}

function EditorSection({ tabName, section }: { tabName: string; section: SectionDefinition }) {
  const id = useId();
  const source = useSource();
  const key = `${tabName}:${section.title}`;
  const open = !section.collapsible || source.sectionOpen(key, section.startsClosed);
  return (
    <Paper
      withBorder
      p="sm"
      className={section.columns === 2 ? classes.wide : undefined}
      component="section"
      aria-labelledby={`${id}-title`}
      data-section={section.title}
    >
      {section.collapsible ? (
        <UnstyledButton
          className={classes.header}
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => source.setSectionOpen(key, !open)}
        >
          <Text fw={600} id={`${id}-title`} component="span">
            {section.title}
          </Text>
          <span aria-hidden className={open ? classes.chevronOpen : classes.chevron}>
            ›
          </span>
        </UnstyledButton>
      ) : (
        <Text fw={600} id={`${id}-title`} mb="xs">
          {section.title}
        </Text>
      )}
      <Collapse expanded={open} id={`${id}-body`}>
        <div className={classes.items}>
          {section.items.map((name) => (
            <EditorItemView key={name} name={name} />
          ))}
        </div>
      </Collapse>
    </Paper>
  );
}
