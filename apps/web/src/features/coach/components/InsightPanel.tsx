import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { loadEightPetalChart } from '../../../components/charts/LazyEightPetalChart';
import { Button } from '../../../components/ui/Button';
import { COACH_TEXT } from '../content';
import { useInView } from '../hooks/useInView';
import { FEWEST_CLIENTS_SHOWN } from '../logic/insight';
import styles from '../Coach.module.css';
import { InsightFigures, InsightPrivate } from './InsightFigures';
import { InsightFiguresSkeleton, InsightPrivateSkeleton } from './LoadingSkeletons';
import { insightQueryOf, usePrintInsight, type InsightTarget } from './InsightPrint';

const T = COACH_TEXT.insight;

/**
 * An organization's or a group's figures on the coach dashboard (issue 27, DESIGN §14), asked
 * for, on a large dashboard, only once the section is open and near the screen, so it stays fast. Until they
 * arrive the panel holds their frame, sized from the section's `clientCount`, so nothing moves.
 */
export function InsightPanel({ target, level, clientCount, eager = false }: { target: InsightTarget; level: 3 | 4; clientCount: number; eager?: boolean }) {
  const { ref, inView } = useInView<HTMLElement>();
  // A small dashboard asks for every figure at once, as for its clients (`eager`): with each
  // figure's frame at full size, most sections start below the screen.
  const asked = eager || inView;
  const insight = useQuery({ ...insightQueryOf(target), enabled: asked });
  // The lotus's code downloads while its figures are asked for, not after they arrive.
  const mayShowLotus = asked && clientCount >= FEWEST_CLIENTS_SHOWN;
  useEffect(() => {
    if (mayShowLotus) void loadEightPetalChart();
  }, [mayShowLotus]);
  // A figure (its lotus above all) is a heavy render, and a small dashboard gets all of them at
  // once: each is drawn at low priority, which React cuts into short slices, its frame held meanwhile.
  const figures = useDeferredValue(insight.data);
  const print = usePrintInsight();
  const Heading = `h${level}` as const;
  const loading = !figures && !insight.isError;
  const name = target.kind === 'organization' ? target.name : `${target.organizationName}: ${target.name}`;
  return (
    <section ref={ref} className={styles.insight} aria-busy={loading || undefined} aria-label={`${target.kind === 'organization' ? T.organizationHeading : T.groupHeading}: ${target.name}`}>
      <div className={styles.insightHeader}>
        <Heading className={styles.insightHeading}>{target.kind === 'organization' ? T.organizationHeading : T.groupHeading}</Heading>
        {/* Figures kept private have nothing to print. */}
        {figures?.shown && (
          <Button variant="secondary" size="small" onClick={() => print(target)}>
            {T.print}
            <span className="visually-hidden"> {T.printOf(name)}</span>
          </Button>
        )}
      </div>
      {insight.isError ? (
        <p className="bloom-error">{T.failed}</p>
      ) : !figures ? (
        <>
          <p className="visually-hidden" role="status">
            {T.loading}
          </p>
          {clientCount >= FEWEST_CLIENTS_SHOWN ? <InsightFiguresSkeleton name={name} /> : <InsightPrivateSkeleton />}
        </>
      ) : figures.shown ? (
        <InsightFigures insight={figures} name={name} />
      ) : (
        <InsightPrivate reason={figures.reason} />
      )}
    </section>
  );
}
