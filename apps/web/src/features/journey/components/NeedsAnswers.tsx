import type { ResultsCoverage } from '@bloom/contracts';
import { Link } from '../../../lib/router';
import { useModules } from '../../../hooks/useModules';
import { COVERAGE_TEXT } from '../content/coverage';
import { pathToAnswer, type AnswerCounts } from '../logic/coverage';
import journey from '../Journey.module.css';
import { journeyButtonClassName } from './JourneyButton';
import styles from './NeedsAnswers.module.css';

/** A module or petal short of the coverage rule: its answers, and the page where its questions are answered. */
export interface AnswersNeeded extends AnswerCounts {
  displayName: string;
  path: string;
}

interface Texts {
  title?: string;
  intro?: string;
}

/**
 * Shown instead of results when the latest assessment does not meet the coverage rule
 * (DESIGN.md §11): which module needs answers, how many, and the way back to it.
 */
export function NeedsAnswers({ coverage, ...texts }: { coverage: ResultsCoverage } & Texts) {
  const modules = useModules();
  const needs = coverage.needsAnswers.map((module) => ({ ...module, path: pathToAnswer(module, coverage.isNinetyItem, modules) }));
  return <AnswersNeededList needs={needs} {...texts} />;
}

/** The same for any modules or petals (a Professional petal's results page names the petal). */
export function AnswersNeededList({ needs, title = COVERAGE_TEXT.title, intro = COVERAGE_TEXT.intro }: { needs: readonly AnswersNeeded[] } & Texts) {
  return (
    <section className={styles.needsAnswers} aria-labelledby="needs-answers-title">
      <h2 id="needs-answers-title" className={journey.subtitle}>
        {title}
      </h2>
      <p>{intro}</p>
      <ul className={styles.list}>
        {needs.map((need) => (
          <li key={need.path}>
            <p>{COVERAGE_TEXT.moduleNeeds(need.displayName, need.answered, need.total, need.required)}</p>
            <Link className={journeyButtonClassName('primary')} to={need.path}>
              {COVERAGE_TEXT.goBack(need.displayName)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
