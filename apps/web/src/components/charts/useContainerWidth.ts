import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Width of a wrapper element, kept current with a ResizeObserver. Null until measured
 * (and during server rendering), so callers fall back to their default size. Measured
 * in a layout effect, so the first paint already has the right size.
 */
export function useContainerWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, width };
}
