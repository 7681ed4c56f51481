/**
 * The editor panel shows exactly one of: the entity editor, the preferences
 * editor, the no-selection placeholder, the multi-edit message, or Not Found. Small screens get a
 * Back button to the list.
 */
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { withArticle } from '../../../shared/entities';
import { ConflictDialog } from '../../features/conflicts/ConflictDialog';
import { RECORD_BANNERS } from '../extras/extraViews';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { useRecordSource } from '../hooks/useSources';
import { canInsert } from '../model/permissions';
import { labelOf } from '../model/rows';
import { useBulkSelection } from '../list/useBulkSelection';
import type { EditorContent } from '../model/selection';
import type { EntityPreferences } from '../model/preferences';
import { EntityEditor } from './EntityEditor';
import { PreferencesEditor } from './PreferencesEditor';
import { SaveStatusLine } from './SaveStatusLine';
import { TreeParentControl } from './TreeParentControl';

const NOT_FOUND_TITLE = 'Not Found';

interface Props {
  content: EditorContent;
  preferences: EntityPreferences;
}

export function EditorPanel({ content, preferences }: Props) {
  const { definition, navigation } = useEntityScope();
  const title = useEntityState((s) => labelOf(definition, s.selected_object));
  const loading = useEntityState((s) => s.row_loading);
  const heading =
    content === 'editor'
      ? title
      : content === 'preferences'
        ? `${definition.title}: preferences`
        : definition.title;
  return (
    <Stack gap="sm" className="materia-entity-editor">
      {(navigation.small || content === 'editor' || content === 'preferences') && (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {navigation.small && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => navigation.openList()}
                style={{ flexShrink: 0 }} // a long title is clamped, never the button
              >
                Back
              </Button>
            )}
            <Title order={2} size="h3" lineClamp={2}>
              {heading}
            </Title>
          </Group>
          {loading && <Loader size="xs" aria-label="Loading the record" />}
        </Group>
      )}
      {panelContent(content, preferences)}
    </Stack>
  );
}

function panelContent(content: EditorContent, preferences: EntityPreferences): ReactNode {
  switch (content) {
    case 'editor':
      return <RecordEditor preferredTab={preferences.tab} />;
    case 'preferences':
      return <PreferencesEditor />;
    case 'multi':
      return <MultiSelection />;
    case 'not_found':
      return <NotFound />;
    case 'none':
      return <NoSelection />;
  }
}

function RecordEditor({ preferredTab }: { preferredTab: string | null }) {
  const { definition, navigation } = useEntityScope();
  const { source, saving } = useRecordSource();
  const Banner = source.record ? RECORD_BANNERS[definition.entities] : undefined;
  return (
    <>
      {Banner && (
        <Suspense fallback={null}>
          <Banner definition={definition} row={source.values} />
        </Suspense>
      )}
      <SaveStatusLine state={saving} />
      <ConflictDialog />
      {definition.tree && <TreeParentControl />}
      <EntityEditor
        source={source}
        routeTab={navigation.routeTab}
        preferredTab={preferredTab}
        onTabChange={navigation.changeTab}
      />
    </>
  );
}

function Message({ children, role }: { children: ReactNode; role?: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" role={role}>
      {children}
    </Text>
  );
}

function MultiSelection() {
  return <Message role="status">{useBulkSelection().editorText}</Message>;
}

function NotFound() {
  const { definition } = useEntityScope();
  return (
    <Stack align="center" py="xl" gap="xs" role="alert">
      <Title order={2} size="h3">
        {NOT_FOUND_TITLE}
      </Title>
      <Text c="dimmed" ta="center">
        There is no such {definition.singular}: it may have been deleted.
      </Text>
    </Stack>
  );
}

function NoSelection() {
  const { definition } = useEntityScope();
  const mayAdd = useEntityState((s) => canInsert(definition, { ...s, loading: false }));
  return (
    <Message>
      Select {withArticle(definition.singular)} in the list
      {mayAdd ? ', or add one with the Add button' : ''}.
    </Message>
  );
}
