import type { ResultsCoverage } from '@bloom/contracts';
import { Link } from '../../../lib/router';
import { useModules } from '../../../hooks/useModules';
import { COVERAGE_TEXT } from '../content/coverage';
import { pathToAnswer } from '../logic/coverage';
import journey from '../Journey.module.css';
import { journeyButtonClassName } from './JourneyButton';
import styles from './NeedsAnswers.module.css';

/**
 * Shown instead of results when the latest assessment does not meet the coverage rule
 * (DESIGN.md §11): which module needs answers, how many, and the way back to it.
 */
export function NeedsAnswers({ coverage }: { coverage: ResultsCoverage }) {
  const modules = useModules();
  return (
    <section className={styles.needsAnswers} aria-labelledby="needs-answers-title">
      <h2 id="needs-answers-title" className={journey.subtitle}>
        {COVERAGE_TEXT.title}
      </h2>
      <p>{COVERAGE_TEXT.intro}</p>
      <ul className={styles.list}>
        {coverage.needsAnswers.map((module) => (
          <li key={module.moduleName}>
            <p>{COVERAGE_TEXT.moduleNeeds(module.displayName, module.answered, module.total, module.required)}</p>
            <Link className={journeyButtonClassName('primary')} to={pathToAnswer(module, coverage.isNinetyItem, modules)}>
              {COVERAGE_TEXT.goBack(module.displayName)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
