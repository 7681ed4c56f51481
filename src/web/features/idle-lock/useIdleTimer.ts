/**
 * Locks the screen after `minutes` without input (keys, pointer, wheel, touch) in any tab;
 * 0 or null: never. Input is noted at most once a second; the check runs every second.
 */
import { useEffect } from 'react';
import { lastInput, lockScreen, noteInput } from './lockState';

const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;
const CHECK_MS = 1_000;

export function useIdleTimer(minutes: number | null, active: boolean): void {
  useEffect(() => {
    if (!active || !minutes || minutes <= 0) return;
    const idleMs = minutes * 60_000;
    let mine = Date.now();
    noteInput(mine);
    const onInput = () => {
      const now = Date.now();
      if (now - mine < CHECK_MS) return;
      mine = now;
      noteInput(now);
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastInput(mine) >= idleMs) lockScreen();
    }, CHECK_MS);
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput);
      window.clearInterval(timer);
    };
  }, [minutes, active]);
}
