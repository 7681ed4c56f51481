/**
 * The palette's chosen row, moved by ↑ ↓ and opened by Enter, kept in the DOM (`data-selected`,
 * which Spotlight's styles draw) and in a ref, not in React state or Spotlight's store: Spotlight
 * stores the choice and the query, and every change of its store renders the whole palette
 * (its modal, every row) again. That was three to four renders per keystroke (measured 30 ms of
 * a 45 ms keystroke task), in the way of the answer the keystroke asked for.
 *
 * Whenever the rows change the first of them is chosen, so that Enter right after typing opens
 * the best match; never a row of an earlier answer, which the user did not see chosen. An Enter
 * pressed while the newest text is still being looked up waits for its answer (the rows shown
 * then are the previous text's) and opens that answer's first row.
 */
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

const CHOSEN = 'data-selected';

function rowsOf(list: HTMLElement | null): HTMLElement[] {
  return list ? [...list.querySelectorAll<HTMLElement>('[data-action]')] : [];
}

/**
 * `listId`: the rows' list element; `shown`: what it lists now (the rows' ids, joined);
 * `searching`: the newest text's answer has not arrived yet.
 */
export function usePaletteChoice(listId: string, shown: string, searching: boolean) {
  const chosen = useRef(-1);
  // Enter pressed before the newest answer arrived, and no arrow pressed since.
  const enterWaiting = useRef(false);

  /** Chooses the row at `index`, wrapping past either end. */
  const choose = (index: number) => {
    const list = document.getElementById(listId);
    const rows = rowsOf(list);
    list?.querySelector(`[${CHOSEN}]`)?.removeAttribute(CHOSEN);
    chosen.current = -1;
    if (rows.length === 0) return;
    const next = index < 0 ? rows.length - 1 : index >= rows.length ? 0 : index;
    rows[next]!.setAttribute(CHOSEN, 'true');
    rows[next]!.scrollIntoView({ block: 'nearest' });
    chosen.current = next;
  };
  const openChosen = () =>
    document.getElementById(listId)?.querySelector<HTMLElement>(`[${CHOSEN}]`)?.click();

  // Declared before the waiting Enter's effect: the new rows' first is chosen, then opened.
  useLayoutEffect(() => {
    choose(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- choose reads the DOM the rows are in
  }, [listId, shown]);

  useLayoutEffect(() => {
    if (searching || !enterWaiting.current) return;
    enterWaiting.current = false;
    openChosen();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openChosen reads the DOM
  }, [searching, shown]);

  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      enterWaiting.current = false;
      choose(chosen.current + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (searching) enterWaiting.current = true;
      else openChosen();
    } else {
      // Typing on: the Enter was meant for a text no longer there.
      enterWaiting.current = false;
    }
  };
}
