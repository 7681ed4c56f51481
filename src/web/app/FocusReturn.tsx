/**
 * Gives the focus back to what opened a dialog when the dialog goes away. Mantine's Modal does
 * this only when its `opened` turns false; a dialog mounted already open and then unmounted (as
 * most of ours are, so that closed ones cost nothing) would leave the focus on the page body.
 */
import { useEffect, useState, type ReactNode } from 'react';

export function FocusReturn({ children }: { children: ReactNode }) {
  // Read while rendering, before the dialog's focus trap moves the focus into it.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      // After the dialog's own clean-up; only when nothing else has taken the focus meanwhile.
      requestAnimationFrame(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
  return children;
}
