import { PLAN_SECTIONS, PLAN_TEXT } from '../content/plan';
import type { SummaryCard } from '../logic/planSummary';
import { ReportSection } from './ReportSection';
import styles from '../Reports.module.css';

/** "Your plan in simple words": anchor links to every section, then one short card per section. */
export function PlanSummary({ cards }: { cards: readonly SummaryCard[] }) {
  return (
    <ReportSection id="plan-summary" title={PLAN_TEXT.summaryTitle} intro={PLAN_TEXT.summaryIntro}>
      <nav aria-label={PLAN_TEXT.summaryTitle}>
        <ul className={styles.toc}>
          {PLAN_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <ul className={styles.summaryGrid}>
        {cards.map((card) => (
          <li key={card.id} className={styles.summaryCard}>
            <h3>{card.title}</h3>
            {card.text !== undefined && <p>{card.text}</p>}
            {card.items !== undefined &&
              (card.items.length === 0 ? (
                <p className={styles.muted}>{PLAN_TEXT.noneText}</p>
              ) : (
                <ul>
                  {card.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ))}
            <a href={`#${card.id}`}>
              {PLAN_TEXT.readMore}
              <span className="visually-hidden">: {PLAN_SECTIONS.find((s) => s.id === card.id)?.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </ReportSection>
  );
}
