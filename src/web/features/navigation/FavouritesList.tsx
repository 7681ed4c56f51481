/** The Favourites tab: links, or in edit mode drag re-order and remove. */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { EmptyMenuNote, MenuLink } from './MenuParts';
import classes from './Navigation.module.css';
import type { Favourite } from './navModel';
import { SortableFavourite } from './SortableFavourite';

export const NO_FAVOURITES_TEXT = 'Go to the FULL MENU to add some items';

interface Props {
  favourites: Favourite[];
  onMove: (from: number, to: number) => void;
  onRemove: (to: string) => void;
  onNavigate: () => void;
}

export function FavouritesList({ favourites, onMove, onRemove, onNavigate }: Props) {
  const [editing, setEditing] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const label = (id: UniqueIdentifier) => favourites.find((f) => f.to === id)?.label ?? String(id);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${label(active.id)} is at the place of ${label(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${label(active.id)} was dropped at the place of ${label(over.id)}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = favourites.findIndex((f) => f.to === active.id);
    const to = favourites.findIndex((f) => f.to === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  if (favourites.length === 0) {
    return <EmptyMenuNote>{NO_FAVOURITES_TEXT}</EmptyMenuNote>;
  }
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button
          size="xs"
          variant={editing ? 'filled' : 'default'}
          onClick={() => setEditing(!editing)}
        >
          {editing ? 'Finish Editing' : 'Edit'}
        </Button>
      </Group>
      {editing ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To move a favourite, press space or enter, move it with the arrow keys, then press space or enter to drop it, or escape to cancel.',
            },
          }}
        >
          <SortableContext
            items={favourites.map((f) => f.to)}
            strategy={verticalListSortingStrategy}
          >
            <ul className={classes.list} aria-label="Favourites, in order">
              {favourites.map((favourite) => (
                <SortableFavourite key={favourite.to} favourite={favourite} onRemove={onRemove} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : (
        <ul className={classes.list} aria-label="Favourites">
          {favourites.map((favourite) => (
            <li key={favourite.to} className={classes.row}>
              <MenuLink to={favourite.to} label={favourite.label} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
