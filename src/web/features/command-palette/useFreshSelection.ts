/**
 * Nothing chosen whenever the results change: ↓ then always chooses the first of what is shown.
 * Spotlight keeps its chosen index (and marks the chosen row in the DOM) across queries, and
 * chooses the first row on each keystroke — a row of the previous answer when the server's
 * answer comes later, so ↓ or Enter could land on a row the user never saw chosen.
 */
import { createSpotlightStore } from '@mantine/spotlight';
import { useEffect } from 'react';

export const paletteStore = createSpotlightStore();

/** `shown` identifies what the palette lists now (the items' ids, joined). */
export function useFreshSelection(shown: string): void {
  useEffect(() => {
    // After Spotlight's own choice, which it makes in a microtask after each keystroke.
    const timer = setTimeout(() => {
      const { listId } = paletteStore.getState();
      if (listId)
        document
          .getElementById(listId)
          ?.querySelector('[data-selected]')
          ?.removeAttribute('data-selected');
      paletteStore.updateState((state) => ({ ...state, selected: -1 }));
    }, 0);
    return () => clearTimeout(timer);
  }, [shown]);
}
