/**
 * A loader that is named at once (for screen readers and tests) but drawn only once the wait is
 * long enough for a person to notice. A spinner is an animation redrawn every frame: where the
 * screen is drawn without a GPU that takes CPU from the work being waited for (measured: the
 * command palette's answers were painted 15–30 ms later with its spinner turning beside them,
 * bench/results/2026-11-command-palette.md), and a spinner that flashes for 30 ms tells a person
 * nothing.
 */
import { Loader, type MantineSize } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Waits shorter than this show no spinner. */
const NOTICEABLE_MS = 300;

/** Mantine's loader sizes: the place is kept while the spinner is not drawn yet. */
const SIZE_PX: Record<MantineSize, number> = { xs: 18, sm: 22, md: 36, lg: 44, xl: 58 };

/** True once `ms` have passed since the first render. */
function useAfter(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

export function QuietLoader({ label, size = 'md' }: { label: string; size?: MantineSize }) {
  const drawn = useAfter(NOTICEABLE_MS);
  const px = SIZE_PX[size];
  return (
    <span
      role="status"
      aria-label={label}
      style={{ display: 'inline-flex', width: px, height: px, verticalAlign: 'middle' }}
    >
      {drawn && <Loader size={size} aria-hidden />}
    </span>
  );
}
