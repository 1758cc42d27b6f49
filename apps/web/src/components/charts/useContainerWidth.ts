import { startTransition, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** The width the last chart measured. */
let lastMeasuredWidth: number | null = null;

/** How long a chart that waits for its first measurement waits at most (a box never laid out). */
const MAX_WAIT_MS = 100;

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
 *
 * The screen's width is a poor guess inside a padded card (the profile report's lotus: 304 px of
 * a 412 px screen, another size), and the first chart of a page was then drawn twice. A chart
 * that `waitsForMeasure` gets `guessing` true while the width is the screen's and not yet
 * measured, and may show what it showed while its code loaded; the measurement then draws it at
 * low priority, in slices (not inside the observer's callback, which would make it one long
 * task). After MAX_WAIT_MS (a box never laid out), a report of 0 or at a print, it is drawn at
 * the guess.
 */
export function useContainerWidth<T extends HTMLElement>(sizeFor: (containerWidth: number | null) => unknown, waitsForMeasure = false) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(() => (typeof window === 'undefined' ? null : (lastMeasuredWidth ?? window.screen.width)));
  const [guessing, setGuessing] = useState(() => waitsForMeasure && typeof window !== 'undefined' && lastMeasuredWidth === null);
  const rendered = useRef({ width, guessing });
  useLayoutEffect(() => {
    rendered.current = { width, guessing };
  });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(element.getBoundingClientRect().width);
      setGuessing(false);
      return;
    }
    const drawAtGuess = () => startTransition(() => setGuessing(false));
    const stopWaiting = setTimeout(drawAtGuess, MAX_WAIT_MS);
    // A printable report opens the print dialog a frame after it is drawn: print the guess, not a placeholder.
    const drawForPrint = () => flushSync(() => setGuessing(false));
    window.addEventListener('beforeprint', drawForPrint);
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width;
      // 0 is not a measurement: an element not laid out yet (hidden, or in a report section that
      // `content-visibility: auto` skips while off screen) reports it. The guess stands until then.
      if (!measured) {
        if (rendered.current.guessing) drawAtGuess();
        return;
      }
      lastMeasuredWidth = measured;
      clearTimeout(stopWaiting);
      if (rendered.current.guessing) {
        startTransition(() => {
          setWidth(measured);
          setGuessing(false);
        });
        return;
      }
      if (sizeFor(measured) === sizeFor(rendered.current.width)) return;
      flushSync(() => setWidth(measured));
    });
    observer.observe(element);
    return () => {
      clearTimeout(stopWaiting);
      window.removeEventListener('beforeprint', drawForPrint);
      observer.disconnect();
    };
    // A chart's sizing rule never changes while it is on screen, so the first one is kept.
  }, []);

  return { ref, width, guessing };
}
