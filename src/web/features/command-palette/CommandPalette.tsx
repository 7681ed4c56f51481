/**
 * The command palette (Ctrl-K / Cmd-K, also while typing in a field): records found by name,
 * grouped by kind, then actions and screens. Keyboard only: type, ↑ ↓, Enter opens, Esc closes
 * and gives the focus back to where it was (Mantine's modal returns it).
 */
import { Loader, Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.layer.css';
import { useCommandPalette } from './useCommandPalette';
import { paletteStore, useFreshSelection } from './useFreshSelection';

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
  const palette = useCommandPalette();
  useFreshSelection(palette.groups.flatMap((g) => g.items.map((i) => i.id)).join(' '));
  return (
    <Spotlight.Root
      store={paletteStore}
      query={palette.query}
      onQueryChange={palette.setQuery}
      // Opened again before the closing animation ended, it would still hold the last text.
      onSpotlightOpen={() => palette.setQuery('')}
      shortcut={['mod + K']}
      tagsToIgnore={[]}
      triggerOnContentEditable
      scrollable
      maxHeight="min(60vh, 480px)"
      // No backdrop blur (Spotlight's default is 7 px): redrawn with every frame the palette
      // changes, it cost 30–50 ms per keystroke where the screen is drawn without a GPU (measured,
      // docs/decisions.md); a darker overlay sets the palette apart instead.
      overlayProps={{ backgroundOpacity: 0.45, blur: 0 }}
      // The dialog has no visible title: its name is given here.
      attributes={{ content: { 'aria-label': 'Command palette' } }}
    >
      <Spotlight.Search
        aria-label="Search everything"
        placeholder="Find a patient, herb, product… or a screen"
        rightSection={palette.searching ? <Loader size="xs" aria-label="Searching" /> : null}
      />
      <Spotlight.ActionsList aria-label="Results" {...focusableViewport}>
        {palette.groups.map((group) => (
          <Spotlight.ActionsGroup
            key={group.label}
            label={group.label}
            // The label is drawn by CSS: named here too, for screen readers.
            role="group"
            aria-label={group.label}
          >
            {group.items.map((item) => (
              <Spotlight.Action
                key={item.id}
                label={item.label}
                onClick={() => palette.open(item)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {palette.groups.length === 0 && !palette.searching && (
          <Spotlight.Empty>Nothing found.</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Text size="xs" c="dimmed" px="md" py={6}>
        ↑ ↓ to choose, Enter to open, Esc to close
      </Text>
    </Spotlight.Root>
  );
}
