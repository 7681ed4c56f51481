/**
 * The palette's chosen row, moved by ↑ ↓ and opened by Enter, kept in the DOM (`data-selected`,
 * which Spotlight's styles draw) and in a ref, not in React state or Spotlight's store: Spotlight
 * stores the choice and the query, and every change of its store renders the whole palette
 * (its modal, every row) again. That was three to four renders per keystroke (measured 30 ms of
 * a 45 ms keystroke task), in the way of the answer the keystroke asked for.
 *
 * Nothing is chosen whenever the rows change: ↓ then always chooses the first of what is shown,
 * never a row of an earlier answer the user did not see chosen.
 */
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

const CHOSEN = 'data-selected';

function rowsOf(list: HTMLElement | null): HTMLElement[] {
  return list ? [...list.querySelectorAll<HTMLElement>('[data-action]')] : [];
}

/** `listId`: the rows' list element; `shown`: what it lists now (the rows' ids, joined). */
export function usePaletteChoice(listId: string, shown: string) {
  const chosen = useRef(-1);

  useLayoutEffect(() => {
    chosen.current = -1;
    document.getElementById(listId)?.querySelector(`[${CHOSEN}]`)?.removeAttribute(CHOSEN);
  }, [listId, shown]);

  /** Chooses the row at `index`, wrapping past either end. */
  const choose = (index: number) => {
    const list = document.getElementById(listId);
    const rows = rowsOf(list);
    if (rows.length === 0) return;
    const next = index < 0 ? rows.length - 1 : index >= rows.length ? 0 : index;
    list?.querySelector(`[${CHOSEN}]`)?.removeAttribute(CHOSEN);
    rows[next]!.setAttribute(CHOSEN, 'true');
    rows[next]!.scrollIntoView({ block: 'nearest' });
    chosen.current = next;
  };

  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      choose(chosen.current + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      document.getElementById(listId)?.querySelector<HTMLElement>(`[${CHOSEN}]`)?.click();
    }
  };
}
