/**
 * A button that does one thing on a click and another when held down (copy on Add). Holding
 * Enter or Space is the keyboard's long press: the key then acts when it is released, as a
 * pointer does, so a held key never also counts as a click.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

const LONG_PRESS_MS = 600;

const isPressKey = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

export function useLongPress(onClick: () => void, onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  /** Set when a key release has already acted, so the click the browser may add is ignored. */
  const keyActed = useRef(false);
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const start = () => {
    fired.current = false;
    stop();
    timer.current = setTimeout(() => {
      timer.current = null;
      fired.current = true;
      onLongPress();
    }, LONG_PRESS_MS);
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0) start();
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onKeyDown: (event: KeyboardEvent) => {
      if (!isPressKey(event)) return;
      event.preventDefault(); // no native click on key down (Enter)
      if (!event.repeat) start();
    },
    onKeyUp: (event: KeyboardEvent) => {
      if (!isPressKey(event)) return;
      event.preventDefault();
      const pending = timer.current !== null;
      stop();
      if (pending) onClick();
      fired.current = false;
      keyActed.current = true;
      setTimeout(() => (keyActed.current = false), 0);
    },
    // A long press must not also count as the click that follows it.
    onClick: () => {
      if (keyActed.current) return;
      if (fired.current) fired.current = false;
      else onClick();
    },
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
  };
}
