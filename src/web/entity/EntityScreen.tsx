/**
 * The one generic entity screen (like Twenty's and Medplum's single
 * record page) for `/app/{entity}[/{id}[/{tab}]]`: list panel and editor panel driven only by
 * the shared definition; per-entity code lives in the extra views (extras/). Below 849 px one panel
 * shows at a time, entering over 600 ms; `?single_entity_mode` hides the list.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { entityByPath, type EntityDefinition } from '../../shared/entities';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { EditorPanel } from './editor/EditorPanel';
import { EntityContext } from './hooks/entityContext';
import { useScreenAccess } from './hooks/useScreenAccess';
import { useEffectiveDefinition, useSelectModeAllowed } from './hooks/useEffectiveDefinition';
import { useEntityScreen } from './hooks/useEntityScreen';
import { DrawerCategoryFilter } from './list/DrawerCategoryFilter';
import { ListPanel } from './list/ListPanel';
import { onEntityWrite } from './model/transport';
import { ScreenClosed } from './ScreenClosed';
import classes from './EntityScreen.module.css';

export function EntityScreen() {
  const { entity } = useParams();
  const definition = entity ? entityByPath(entity) : undefined;
  if (!definition) return <NotFoundPage />;
  return <GuardedWorkspace key={definition.entities} definition={definition} />;
}

/** A screen the user may not see, or whose module is off, says so instead of an empty list. */
function GuardedWorkspace({ definition }: { definition: EntityDefinition }) {
  const access = useScreenAccess(definition);
  if (access.kind !== 'open') return <ScreenClosed definition={definition} access={access} />;
  return <EntityWorkspace definition={definition} />;
}

/** Categories file records everywhere: a change to them refreshes the shell's copy. */
function useCategoryRefresh() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onEntityWrite((entities) => {
        if (entities === 'categories')
          void queryClient.invalidateQueries({ queryKey: ['categories'] });
      }),
    [queryClient],
  );
}

function EntityWorkspace({ definition: declared }: { definition: EntityDefinition }) {
  const definition = useEffectiveDefinition(declared);
  const screen = useEntityScreen(definition);
  useSelectModeAllowed(definition, screen.store);
  useCategoryRefresh();
  const scope = useMemo(
    () => ({ definition, store: screen.store, navigation: screen.navigation }),
    [definition, screen.store, screen.navigation],
  );
  const both = screen.showList && screen.showEditor;
  // On small screens the panel that shows enters anew each time it changes.
  const panelClass = (name: string) =>
    `${classes.panel} ${screen.navigation.small ? classes.enter : ''} ${classes[name] ?? ''}`;
  return (
    <EntityContext.Provider value={scope}>
      <div
        className={classes.screen}
        data-layout={both ? 'both' : 'one'}
        data-entity={definition.entities}
      >
        {screen.showList && (
          <section className={panelClass('list')} aria-label={`${definition.title} list panel`}>
            <ListPanel />
          </section>
        )}
        {screen.showEditor && (
          <section className={panelClass('editor')} aria-label="Editor">
            <EditorPanel content={screen.content} preferences={screen.preferences.preferences} />
          </section>
        )}
      </div>
      <DrawerCategoryFilter />
    </EntityContext.Provider>
  );
}
