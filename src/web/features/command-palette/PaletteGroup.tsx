/**
 * One group of the palette's rows, drawn as Spotlight draws its groups and actions (its classes,
 * so its styles apply) but as plain elements: a palette row was a stack of Mantine components
 * (about ten per row), and a broad term ("an") replaces thirty rows at once. Memoised on what it
 * shows: a keystroke that leaves a group as it was (the records while their answer is on its
 * way, the screens while a name is typed) does not render it again.
 */
import { UnstyledButton } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { memo, type CSSProperties } from 'react';
import type { PaletteGroup as Group, PaletteItem } from './paletteItems';

const classes = Spotlight.classes;
const ROW_CLASS = `mantine-focus-auto ${classes.action} mantine-Spotlight-action ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;

interface Props {
  group: Group;
  /** Opens the item and closes the palette. */
  onOpen: (item: PaletteItem) => void;
}

const sameItem = (a: PaletteItem, b: PaletteItem) =>
  a.id === b.id && a.label === b.label && a.to === b.to && a.add === b.add;

const sameGroup = (a: Props, b: Props) =>
  a.onOpen === b.onOpen &&
  a.group.label === b.group.label &&
  a.group.items.length === b.group.items.length &&
  a.group.items.every((item, i) => sameItem(item, b.group.items[i]!));

export const PaletteGroup = memo(function PaletteGroup({ group, onOpen }: Props) {
  // Spotlight's styles draw the group's label from this property.
  const label = { '--spotlight-label': JSON.stringify(group.label) } as CSSProperties;
  return (
    <div
      className={`${classes.actionsGroup} mantine-Spotlight-actionsGroup`}
      // Drawn by CSS: named here too, for screen readers.
      role="group"
      aria-label={group.label}
      style={label}
    >
      {group.items.map((item) => (
        <button
          key={item.id}
          type="button"
          className={ROW_CLASS}
          // How the palette's ↑ ↓ find the rows (usePaletteChoice).
          data-action
          // Not tab stops: the arrows choose.
          tabIndex={-1}
          // The focus stays in the search box.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onOpen(item)}
        >
          <span className={`${classes.actionBody} mantine-Spotlight-actionBody`}>
            <span className={`${classes.actionLabel} mantine-Spotlight-actionLabel`}>
              {item.label}
            </span>
          </span>
        </button>
      ))}
    </div>
  );
}, sameGroup);
