import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { lotusWidthForContainer } from '../../../components/charts/chartSizing';
import { useContainerWidth } from '../../../components/charts/useContainerWidth';
import styles from './MeasuredChart.module.css';

/** A place never laid out (it reports a width of 0) gets its chart after this long, drawn at the guess. */
const MAX_WAIT_MS = 100;

/**
 * Draws a lotus or petal chart (`children`) once its place, `placeholder` (a box of the chart's
 * size), has been measured. The charts size themselves from a guess first (useContainerWidth: the
 * width the last chart measured, or else the screen's) and then from their measurement. On a
 * visit's first chart on a phone, or after a chart in a column of another width, the guess picks
 * another size, and the chart was drawn at it for a frame, moving everything under it (a layout
 * shift). Measured here first, through useContainerWidth, the place's width becomes the charts'
 * guess, so the chart is drawn once, at its size. Loaded with the chart (FourPetalResultChart,
 * SinglePetalResultChart), not in the first paint.
 */
export function MeasuredChart({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  // Observing the place through useContainerWidth is what makes its width the next chart's guess.
  const { ref } = useContainerWidth<HTMLDivElement>(lotusWidthForContainer);
  const [measured, setMeasured] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    const draw = () => startTransition(() => setMeasured(true));
    if (!element || typeof ResizeObserver === 'undefined') return draw();
    // Created after useContainerWidth's observer, so called after it has kept the width.
    const observer = new ResizeObserver((entries) => {
      if (entries[0]?.contentRect.width) draw();
    });
    observer.observe(element);
    const stopWaiting = setTimeout(draw, MAX_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stopWaiting);
    };
  }, [ref]);
  if (measured) return children;
  return (
    <div ref={ref} className={styles.place}>
      {placeholder}
    </div>
  );
}
