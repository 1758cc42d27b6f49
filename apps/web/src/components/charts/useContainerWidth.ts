import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** The width the last chart measured. */
let lastMeasuredWidth: number | null = null;

/**
 * Width of a wrapper element, kept current with a ResizeObserver. Until the first measurement a
 * guess stands in: the width the last chart measured (charts of a page sit in the same kind of
 * column), or else the screen's. Neither costs a layout to read (the window's width can: Chrome
 * lays the page out first in case a scrollbar changed it). So a chart is usually drawn once, at
 * the size the measurement confirms. Null without a window, so callers use their default size.
 *
 * The observer reports after the browser's own layout and before it paints. A width that picks
 * another chart size (`sizeFor`) is rendered at once (`flushSync`), so no one sees the stand-in;
 * one that picks the same size, the usual case, costs no render at all. Asking the element for
 * its size while React commits would instead force the whole page's layout inside the commit,
 * one long task where the browser would otherwise have run two.
 */
export function useContainerWidth<T extends HTMLElement>(sizeFor: (containerWidth: number | null) => unknown) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(() => (typeof window === 'undefined' ? null : (lastMeasuredWidth ?? window.screen.width)));
  const rendered = useRef(width);
  useLayoutEffect(() => {
    rendered.current = width;
  });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(element.getBoundingClientRect().width);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width;
      // 0 is not a measurement: an element not laid out yet (hidden, or in a report section that
      // `content-visibility: auto` skips while off screen) reports it. The guess stands until then.
      if (!measured) return;
      lastMeasuredWidth = measured;
      if (sizeFor(measured) === sizeFor(rendered.current)) return;
      flushSync(() => setWidth(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
    // A chart's sizing rule never changes while it is on screen, so the first one is kept.
  }, []);

  return { ref, width };
}
