/**
 * True once a quarter of the element has been on screen: the charts load their library (≈120 KB
 * gzip) only when a chart card is scrolled into view, not with the first paint of the dashboard.
 */
import { useCallback, useRef, useState } from 'react';

const VISIBLE_SHARE = 0.25;

export function useSeen<T extends Element>(): { ref: (node: T | null) => void; seen: boolean } {
  const [seen, setSeen] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback((node: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.current?.disconnect();
        }
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.current.observe(node);
  }, []);
  return { ref, seen };
}
