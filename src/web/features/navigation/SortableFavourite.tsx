import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Text } from '@mantine/core';
import classes from './Navigation.module.css';
import type { Favourite } from './navModel';

interface Props {
  favourite: Favourite;
  onRemove: (to: string) => void;
}

/** One favourite in edit mode: a drag handle (mouse, touch or keyboard) and a remove button. */
export function SortableFavourite({ favourite, onRemove }: Props) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: favourite.to,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`${classes.row} ${isDragging ? classes.dragging : ''}`}
      data-favourite={favourite.label}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        className={classes.handle}
        aria-label={`Move ${favourite.label}`}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden>⠿</span>
      </ActionIcon>
      <Text flex={1} px="xs" py={6} size="sm">
        {favourite.label}
      </Text>
      <ActionIcon
        variant="subtle"
        color="negative"
        aria-label={`Remove ${favourite.label}`}
        onClick={() => onRemove(favourite.to)}
      >
        <span aria-hidden>✕</span>
      </ActionIcon>
    </li>
  );
}
