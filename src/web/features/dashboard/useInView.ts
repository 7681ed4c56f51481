/**
 * True once a quarter of the element has been on screen, and from then on (as
 * react-intersection-observer's `useInView` with `triggerOnce`): the charts load their library
 * (≈120 KB gzip) only when a chart card is scrolled into view, not with the dashboard's first paint.
 */
import { useCallback, useRef, useState } from 'react';

const VISIBLE_SHARE = 0.25;

export function useInView<T extends Element>(): { ref: (node: T | null) => void; inView: boolean } {
  const [inView, setInView] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback((node: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true);
          observer.current?.disconnect();
        }
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.current.observe(node);
  }, []);
  return { ref, inView };
}
