import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Width of a wrapper element, kept current with a ResizeObserver. Measured in a layout
 * effect, so the first paint already has the right size. Until then the window's width
 * stands in (a container is never wider, and reading it forces no layout): on a phone it
 * already picks the size the measurement will confirm, so the chart is drawn once instead
 * of at the desktop size first. Null without a window, so callers use their default size.
 */
export function useContainerWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(() => (typeof window === 'undefined' ? null : window.innerWidth));

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
