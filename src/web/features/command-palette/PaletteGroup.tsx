/**
 * One group of the palette's rows. Memoised on what it shows: a keystroke that leaves a group as
 * it was (the records while their answer is on its way, the screens while a name is typed) does
 * not render its rows again.
 */
import { Spotlight } from '@mantine/spotlight';
import { memo } from 'react';
import type { PaletteGroup as Group, PaletteItem } from './paletteItems';

interface Props {
  group: Group;
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
  return (
    <Spotlight.ActionsGroup
      label={group.label}
      // The label is drawn by CSS: named here too, for screen readers.
      role="group"
      aria-label={group.label}
    >
      {group.items.map((item) => (
        <Spotlight.Action key={item.id} label={item.label} onClick={() => onOpen(item)} />
      ))}
    </Spotlight.ActionsGroup>
  );
}, sameGroup);
