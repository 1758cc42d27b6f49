import type { PetalResultsResponse, ResultsCoverage } from '@bloom/contracts';
import { petalQuestionsPath } from '../../../lib/journey-paths';
import { Link } from '../../../lib/router';
import { useModules } from '../../../hooks/useModules';
import { useResultsCoverage } from '../api/queries';
import { COVERAGE_TEXT } from '../content/coverage';
import { moduleShortOfRule, pathToAnswer, petalNeeds, type AnswerCounts } from '../logic/coverage';
import journey from '../Journey.module.css';
import { journeyButtonClassName } from './JourneyButton';
import { PageLoading, PageUnavailable } from './PageStatus';
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

/*
 * The Professional results pages below the coverage rule (decision 0064): the server gives the
 * module or petal no score, and these say what is missing in place of the chart and band texts.
 * Here rather than in the pages, so that the pages' first paint does not carry them.
 */

/** A module results page: the module's answers, from GetResultsCoverage (read only then). */
export function ModuleNeedsAnswers({ moduleName, onRetry }: { moduleName: string; onRetry: () => void }) {
  const coverage = useResultsCoverage();
  if (coverage.isPending) return <PageLoading />;
  const short = coverage.data && moduleShortOfRule(coverage.data, moduleName);
  // Covered by now (answered in another tab since): the results are read again.
  if (!short || short.needsAnswers.length === 0) {
    return (
      <PageUnavailable
        onRetry={() => {
          onRetry();
          void coverage.refetch();
        }}
      />
    );
  }
  return <NeedsAnswers coverage={short} title={COVERAGE_TEXT.resultsTitle} intro={COVERAGE_TEXT.resultsIntro} />;
}

/** A petal results page: the petal's answers, counted from the questions its results came with. */
export function PetalNeedsAnswers({ results, moduleName, petalName }: { results: PetalResultsResponse; moduleName: string; petalName: string }) {
  const needs = petalNeeds(results);
  if (!needs) return null;
  return (
    <AnswersNeededList
      needs={[{ ...needs, displayName: results.petal.displayName, path: petalQuestionsPath(moduleName, petalName) }]}
      title={COVERAGE_TEXT.resultsTitle}
      intro={COVERAGE_TEXT.resultsIntro}
    />
  );
}
