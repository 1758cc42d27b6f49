import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** The width the last chart measured: the column a page's next chart will most likely sit in. */
let lastMeasuredWidth: number | null = null;

/**
 * Width of a wrapper element, kept current with a ResizeObserver. Null until it is known, and
 * `measuring` while it is awaited: a chart then draws nothing but its wrapper. The first chart of a page is so drawn
 * once, at its measured size: the observer reports after the browser's layout and before it
 * paints, and the width is rendered at once (`flushSync`), so the empty wrapper is never seen.
 * A guess (the screen's width) drew the first chart of a phone's report twice, at the screen's
 * size and then at its column's. Later charts start from the width the last chart measured
 * (charts of a page sit in the same kind of column), so they draw in the same render as the text
 * around them, and are drawn again only if their own measurement picks another size (`sizeFor`).
 *
 * A width of 0 is not a measurement: an element in a hidden or not yet rendered part of the page
 * (`content-visibility: auto` skips sections off screen) reports 0 until it is laid out. Asking the
 * element for its size while React commits would instead force the whole page's layout inside
 * the commit, one long task where the browser would otherwise have run two.
 *
 * Without a window (rendering to a string) nothing will measure: the width stays null, callers
 * draw their default size.
 */
export function useContainerWidth<T extends HTMLElement>(sizeFor: (containerWidth: number | null) => unknown = (width) => width) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(lastMeasuredWidth);
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
      if (!measured) return;
      lastMeasuredWidth = measured;
      if (rendered.current !== null && sizeFor(measured) === sizeFor(rendered.current)) return;
      flushSync(() => setWidth(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
    // A chart's sizing rule never changes while it is on screen, so the first one is kept.
  }, []);

  return { ref, width, measuring: width === null && typeof window !== 'undefined' };
}
