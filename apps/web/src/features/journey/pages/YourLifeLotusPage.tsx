import { lazy, Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { LazyEightPetalChart, loadEightPetalChart, LotusPlaceholder } from '../../../components/charts/LazyEightPetalChart';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { BRAND } from '../../../content/brand';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { usePainted } from '../../../hooks/usePainted';
import { useWhenIdle } from '../../../hooks/useWhenIdle';
import { useEightPetalData, useLatestAssessment, usePositivityPotential, useResultsCoverage, useSiteContent, useSummaryText, useTestimonials } from '../api/queries';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { isSignedOut, ResultsSignedOut, useNobodySignedIn } from '../components/ResultsSignedOut';
import { ResultsChart, ResultsLayout } from '../components/ResultsChart';
import { chooseCallToAction } from '../logic/callToAction';
import { PAGE_TITLES } from '../content/pages';
import { RESULTS_TEXT } from '../content/results';
import journey from '../Journey.module.css';
import styles from './YourLifeLotusPage.module.css';

/*
 * Not in the first paint: what is drawn after the summary (the positivity potential, the call to
 * action under the lotus, with its send-to-coach call) downloads once the page's first render is
 * painted; the page for too few answers loads when it is the one.
 */
const loadPositivityPotential = () => import('../components/PositivityPotential');
const PositivityPotential = lazy(async () => ({ default: (await loadPositivityPotential()).PositivityPotential }));
const loadLotusCallToAction = () => import('../components/LotusCallToAction');
const LotusCallToAction = lazy(async () => ({ default: (await loadLotusCallToAction()).LotusCallToAction }));
const NeedsAnswers = lazy(async () => ({ default: (await import('../components/NeedsAnswers')).NeedsAnswers }));

/** The carousel (and its carousel library) loads on its own, after the results are on screen. */
const TestimonialCarousel = lazy(async () => ({ default: (await import('../components/TestimonialCarousel')).TestimonialCarousel }));

/**
 * Until the lotus is drawn, its waiting message sits in a square of the lotus's size, so the
 * legend and what follows do not move when it arrives.
 */
const DRAWING_MESSAGE = (
  <LotusPlaceholder>
    <PageLoading message={RESULTS_TEXT.drawingLotus} />
  </LotusPlaceholder>
);

/** /YourLifeLotus — the results summary (spec 01 §2 "Results summary"). */
export default function YourLifeLotusPage() {
  return (
    <>
      <PageTitle title={PAGE_TITLES.lotus} />
      <LifeLotusResults />
    </>
  );
}

function LifeLotusResults() {
  const nobody = useNobodySignedIn();
  const coverage = useResultsCoverage();
  // With no session there are no results (every read answers 401), and asking again cannot help:
  // the page says the session ended instead.
  if (nobody || isSignedOut(coverage.error)) return <ResultsSignedOut startPath="/" />;
  // An assessment below the coverage rule has no results: say what is missing instead of
  // drawing a lotus of default values (DESIGN.md §11). The results' reads start meanwhile.
  if (coverage.data && !coverage.data.hasResults) {
    return (
      <Page stack={false} className={journey.page}>
        <PageIntro title={RESULTS_TEXT.lotusTitle(BRAND.name)} className={styles.intro} />
        <Suspense fallback={null}>
          <NeedsAnswers coverage={coverage.data} />
        </Suspense>
      </Page>
    );
  }
  // Without the rule's answer nothing says these figures are results rather than default values
  // (DESIGN.md §11: results are never invented), so a failed read draws none of them.
  if (coverage.isError) return <PageUnavailable title={RESULTS_TEXT.lotusTitle(BRAND.name)} onRetry={() => void coverage.refetch()} />;
  // Figures wait for the rule's answer (it comes with the other reads), so none flashes up first.
  return <LifeLotus confirmed={coverage.data !== undefined} />;
}

function LifeLotus({ confirmed }: { confirmed: boolean }) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const summary = useSummaryText();
  const chart = useEightPetalData();
  const potential = usePositivityPotential();
  const latest = useLatestAssessment();
  // The reads have usually answered while the page's code downloaded, so its first render has the
  // summary, the largest paint. What follows it (the lotus, the potential, the call to action, whose
  // code is not in the first paint) starts downloading once that render is painted, so neither
  // those downloads nor their rendering come between the summary and the screen.
  const painted = usePainted();
  // Drawing the lotus is the page's heaviest render. It follows the rest at low priority, in
  // slices rather than one long task; until then its waiting message stays.
  const lotusData = useDeferredValue(painted && confirmed ? chart.data : undefined);
  useEffect(() => {
    if (!painted) return;
    void loadEightPetalChart();
    void loadPositivityPotential();
    void loadLotusCallToAction();
  }, [painted]);
  const lotus = useMemo(() => (lotusData ? <LazyEightPetalChart data={lotusData} fallback={DRAWING_MESSAGE} /> : null), [lotusData]);
  const drawing = lotusData === undefined && (chart.isPending || chart.data !== undefined || !confirmed);
  // Far below the fold: asked for and rendered once the lotus is drawn and the page is idle, so
  // neither their reads nor their rendering compete with the text and chart people look at first.
  const idle = useWhenIdle(!drawing);
  const testimonials = useTestimonials(idle);
  const site = useSiteContent(idle);
  const notice = site.data?.notDiagnosticNotice;
  // The summary's length is known only once it is here: the lotus and what follows start under it
  // then, not under its loading line, which the summary would push them down from (Lighthouse CLS).
  const introShown = confirmed && !summary.isPending;

  // The session ended between the page's reads (the coverage read answered, another found nobody).
  if ([summary, chart, potential].some((read) => isSignedOut(read.error))) return <ResultsSignedOut startPath="/" />;

  return (
    <Page stack={false} className={journey.page}>
      <PageIntro
        title={RESULTS_TEXT.lotusTitle(BRAND.name)}
        introText={introShown ? (summary.data ?? undefined) : undefined}
        className={styles.intro}
      >
        {!introShown && <PageLoading />}
        {/* A read that failed says so where its part would be, with Try again (journey reads do not retry). */}
        {introShown && summary.isError && <PageUnavailable onRetry={() => void summary.refetch()} />}
      </PageIntro>

      {introShown && (
        <ResultsLayout kind="lotus">
          <ResultsChart spaced>
            {chart.isError ? (
              <PageUnavailable onRetry={() => void chart.refetch()} />
            ) : (
              <>
                {drawing ? DRAWING_MESSAGE : lotus}
                <ShadingLegend />
              </>
            )}
          </ResultsChart>
          {painted && confirmed && potential.data && (
            <Suspense fallback={null}>
              <PositivityPotential potential={potential.data} />
            </Suspense>
          )}
          {confirmed && potential.isError && <PageUnavailable onRetry={() => void potential.refetch()} />}
        </ResultsLayout>
      )}

      {painted && introShown && !userLoading && !latest.isPending && (
        <Suspense fallback={null}>
          <LotusCallToAction action={chooseCallToAction(user, latest.data)} />
        </Suspense>
      )}

      {notice && <p className={styles.notice}>{notice}</p>}

      {idle && testimonials.data && (
        <Suspense fallback={null}>
          <TestimonialCarousel testimonials={testimonials.data} />
        </Suspense>
      )}
    </Page>
  );
}
