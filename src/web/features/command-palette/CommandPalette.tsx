/**
 * The command palette (Ctrl-K / Cmd-K, also while typing in a field): records found by name,
 * grouped by kind, then actions and screens. Keyboard only: type, ↑ ↓, Enter opens, Esc closes
 * and gives the focus back to where it was (Mantine's modal returns it).
 *
 * Spotlight gives the modal, the shortcut and the looks; the query and the chosen row live in
 * the body below (see usePaletteChoice), so that a keystroke renders the body alone.
 */
import { Input, Text } from '@mantine/core';
import { Spotlight, createSpotlight, useSpotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.layer.css';
import { useCallback, useEffect, useId } from 'react';
import { QuietLoader } from '../../app/QuietLoader';
import { PaletteGroup } from './PaletteGroup';
import type { PaletteItem } from './paletteItems';
import { useCommandPalette } from './useCommandPalette';
import { usePaletteChoice } from './usePaletteChoice';

const [paletteStore, paletteActions] = createSpotlight();

/**
 * The results scroll, and their actions are not tab stops (the arrows choose): the viewport takes
 * the focus instead, so that keys can scroll it (axe: scrollable-region-focusable). The list hands
 * these to its ScrollArea, though its props type does not name them.
 */
const focusableViewport: Record<string, unknown> = {
  viewportProps: { tabIndex: 0 },
  // The scrollbar shows over the rows while scrolling, instead of padding them aside whenever
  // the results overflow: new results then do not shift sideways a frame after they are drawn.
  offsetScrollbars: false,
};

export function CommandPalette() {
  return (
    <Spotlight.Root
      store={paletteStore}
      shortcut={['mod + K']}
      tagsToIgnore={[]}
      triggerOnContentEditable
      scrollable
      maxHeight="min(60vh, 480px)"
      // No backdrop blur (Spotlight's default is 7 px): redrawn with every frame the palette
      // changes, it cost 30–50 ms per keystroke where the screen is drawn without a GPU (measured,
      // bench/results/2026-11-command-palette.md); a darker overlay sets the palette apart instead.
      overlayProps={{ backgroundOpacity: 0.45, blur: 0 }}
      // The dialog has no visible title: its name is given here.
      attributes={{ content: { 'aria-label': 'Command palette' } }}
    >
      <PaletteBody />
    </Spotlight.Root>
  );
}

function PaletteBody() {
  const palette = useCommandPalette();
  const listId = `palette-${useId().replace(/:/g, '')}`;
  const shown = palette.groups.flatMap((g) => g.items.map((i) => i.id)).join(' ');
  const onKeyDown = usePaletteChoice(listId, shown, palette.searching);
  const { opened } = useSpotlight(paletteStore);
  const { setQuery, open } = palette;
  const openAndClose = useCallback(
    (item: PaletteItem) => {
      paletteActions.close();
      open(item);
    },
    [open],
  );
  // Opened again before the closing animation ended, it would still hold the last text.
  useEffect(() => {
    if (opened) setQuery('');
  }, [opened, setQuery]);

  return (
    <>
      <Input
        size="lg"
        classNames={{ input: Spotlight.Search.classes.search }}
        aria-label="Search everything"
        placeholder="Find a patient, herb, product… or a screen"
        data-autofocus
        value={palette.query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        // Always a right section, so that the box keeps its padding as searches come and go.
        rightSection={
          palette.searching ? <QuietLoader size="xs" label="Searching" /> : <span aria-hidden />
        }
      />
      <Spotlight.ActionsList id={listId} aria-label="Results" {...focusableViewport}>
        {palette.groups.map((group) => (
          <PaletteGroup key={group.label} group={group} onOpen={openAndClose} />
        ))}
        {palette.notice && <Spotlight.Empty>{palette.notice}</Spotlight.Empty>}
        {palette.groups.length === 0 && !palette.searching && !palette.notice && (
          <Spotlight.Empty>Nothing found.</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Text size="xs" c="dimmed" px="md" py={6}>
        ↑ ↓ to choose, Enter to open, Esc to close
      </Text>
    </>
  );
}
