/** A button that does one thing on a click and another when held down (copy on Add). */
import { useRef, type PointerEvent } from 'react';

export const LONG_PRESS_MS = 600;

export function useLongPress(onClick: () => void, onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      fired.current = false;
      stop();
      timer.current = setTimeout(() => {
        fired.current = true;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    // A long press must not also count as the click that follows it.
    onClick: () => {
      if (fired.current) fired.current = false;
      else onClick();
    },
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
  };
}
