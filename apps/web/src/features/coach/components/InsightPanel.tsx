import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button';
import { COACH_TEXT } from '../content';
import { useInView } from '../hooks/useInView';
import styles from '../Coach.module.css';
import { InsightFigures, InsightPrivate } from './InsightFigures';
import { insightQueryOf, usePrintInsight, type InsightTarget } from './InsightPrint';

const T = COACH_TEXT.insight;

/**
 * An organization's or a group's figures on the coach dashboard (issue 27, DESIGN §14), asked
 * for only once the section is open and near the screen, so the dashboard stays fast.
 */
export function InsightPanel({ target, level }: { target: InsightTarget; level: 3 | 4 }) {
  const { ref, inView } = useInView<HTMLElement>();
  const insight = useQuery({ ...insightQueryOf(target), enabled: inView });
  const print = usePrintInsight();
  const Heading = `h${level}` as const;
  const name = target.kind === 'organization' ? target.name : `${target.organizationName}: ${target.name}`;
  return (
    <section ref={ref} className={styles.insight} aria-label={`${target.kind === 'organization' ? T.organizationHeading : T.groupHeading}: ${target.name}`}>
      <div className={styles.insightHeader}>
        <Heading className={styles.insightHeading}>{target.kind === 'organization' ? T.organizationHeading : T.groupHeading}</Heading>
        {insight.data && (
          <Button variant="secondary" size="small" onClick={() => print(target)}>
            {T.print}
            <span className="visually-hidden"> {T.printOf(name)}</span>
          </Button>
        )}
      </div>
      {insight.isError ? (
        <p className="bloom-error">{T.failed}</p>
      ) : !insight.data ? (
        <p className={styles.insightLoading} role="status">
          {T.loading}
        </p>
      ) : insight.data.shown ? (
        <InsightFigures insight={insight.data} name={name} />
      ) : (
        <InsightPrivate reason={insight.data.reason} />
      )}
    </section>
  );
}
