import { lazy, Suspense } from 'react';
import { ApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { useIndividualDifferences, useLatestAssessment } from '../api/queries';
import type { IndividualDifferences } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { NextButton } from '../components/NextButton';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { useOnce } from '../hooks/useOnce';
import { DIFFERENCES_PAGE_TEXT } from '../content/differences';
import { areaSentences, comparisonGroupSentence, overallSentences } from '../logic/differences';
import { LOTUS_PATH } from '../logic/navigation';
import journey from '../Journey.module.css';
import styles from './IndividualDifferencesPage.module.css';

/**
 * Said when the page has no session (DESIGN.md §11): the question pages' sign-in block, loaded only
 * then, through its loader (out of the first paint, components/ResultsSignInLoader). A results page
 * never starts a guest, whose new assessment would have no results.
 */
const SignedOut = lazy(async () => ({ default: (await import('../components/ResultsSignInLoader')).ResultsSignInLoader }));

/** The page's illustration (served from /images/journey/). */
const BENCHMARKING_GRAPHIC = 'benchmarking.svg';

/** /IndividualDifferences — how the user compares with others (spec 01 §2; DESIGN §4). */
export default function IndividualDifferencesPage() {
  const navigate = useNavigateWhenShown();
  const { busy, once } = useOnce();
  const { user, isLoading: userLoading, lookupFailed } = useCurrentUser();
  const latest = useLatestAssessment();
  const differences = useIndividualDifferences(latest.data?.id);
  // Below the coverage rule there is nothing to compare: say so, and let Next lead on to the lotus
  // page, which names the module that needs answers.
  const notEnoughAnswers = differences.error instanceof ApiError && differences.error.code === 'incomplete_assessment';
  const failed = !notEnoughAnswers && (latest.isError || differences.isError || (latest.isSuccess && latest.data === null));

  // No session: the page's current-user look-up answered the server's own "nobody is signed in"
  // (not a failure, which says nothing; the latest assessment's read answers none for a 401 as for
  // a 404, so it cannot tell), or the comparison's read found the session gone. Asking again cannot
  // help: the page says the session ended instead, and leads to the log-in or the start rather than
  // on to a lotus page that has no results either.
  const nobody = user === null && !userLoading && !lookupFailed;
  if (nobody || (differences.error instanceof ApiError && differences.error.status === 401)) {
    return (
      <>
        <PageTitle title={DIFFERENCES_PAGE_TEXT.title} />
        <Suspense>
          <SignedOut startPath="/" part={false} />
        </Suspense>
      </>
    );
  }

  return (
    <Page stack={false} className={journey.page}>
      <PageTitle title={DIFFERENCES_PAGE_TEXT.title} />
      <PageIntro title={DIFFERENCES_PAGE_TEXT.title} introText={DIFFERENCES_PAGE_TEXT.intro} graphic={BENCHMARKING_GRAPHIC} />

      {differences.data ? (
        <Comparisons differences={differences.data} />
      ) : notEnoughAnswers ? (
        <p role="status">{DIFFERENCES_PAGE_TEXT.notEnoughAnswers}</p>
      ) : failed ? (
        <PageUnavailable onRetry={() => void (latest.isError || latest.data === null ? latest.refetch() : differences.refetch())} />
      ) : (
        <PageLoading message={DIFFERENCES_PAGE_TEXT.loading} />
      )}

      <div className={journey.actions}>
        <NextButton onClick={() => once(() => navigate(LOTUS_PATH))} busy={busy || (!differences.data && !failed && !notEnoughAnswers)} />
      </div>
    </Page>
  );
}

function Comparisons({ differences }: { differences: IndividualDifferences }) {
  return (
    <div className={styles.differences}>
      <section className={`${styles.overall} bloom-card`} aria-labelledby="differences-overall">
        <h2 id="differences-overall" className={journey.subtitle}>
          {DIFFERENCES_PAGE_TEXT.overallTitle}
        </h2>
        {overallSentences(differences).map((sentence) => (
          <p key={sentence} className={styles.sentence}>
            {sentence}
          </p>
        ))}
      </section>

      <ul className={styles.areas}>
        {areaSentences(differences).map((area) => (
          <li key={area.id} className={styles.area}>
            <h3 className={styles.areaTitle}>{area.heading}</h3>
            {area.sentences.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </li>
        ))}
      </ul>

      <p className={styles.group}>{comparisonGroupSentence(differences)}</p>
      {differences.provisional && (
        <p className={styles.provisional}>
          <strong>{DIFFERENCES_PAGE_TEXT.provisionalLead}</strong> {DIFFERENCES_PAGE_TEXT.provisional}
        </p>
      )}
    </div>
  );
}
