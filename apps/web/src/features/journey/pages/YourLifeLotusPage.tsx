import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { EightPetalChart, ShadingLegend } from '../../../components/charts';
import { BRAND } from '../../../content/brand';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useWhenIdle } from '../../../hooks/useWhenIdle';
import { useEightPetalData, useLatestAssessment, usePositivityPotential, useResultsCoverage, useSiteContent, useSummaryText, useTestimonials } from '../api/queries';
import { LotusCallToAction } from '../components/LotusCallToAction';
import { NeedsAnswers } from '../components/NeedsAnswers';
import { PageLoading } from '../components/PageStatus';
import { PositivityPotential } from '../components/PositivityPotential';
import { RichText } from '../components/RichText';
import { chooseCallToAction } from '../logic/callToAction';
import { RESULTS_TEXT } from '../content/pages';
import '../components/journey.css';
import '../components/results.css';
import '../components/lotus.css';

/** The carousel (and its carousel library) loads on its own, after the results are on screen. */
const TestimonialCarousel = lazy(async () => ({ default: (await import('../components/TestimonialCarousel')).TestimonialCarousel }));

/** /YourLifeLotus — the results summary (spec 01 §2 "Results summary"). */
export default function YourLifeLotusPage() {
  const coverage = useResultsCoverage();
  // An assessment below the coverage rule has no results: say what is missing instead of
  // drawing a lotus of default values (DESIGN.md §11). The results' reads start meanwhile.
  if (coverage.data && !coverage.data.hasResults) {
    return (
      <div className="journey-page lotus-page">
        <header className="journey-intro">
          <div className="journey-intro__text">
            <h1 className="journey-title">{RESULTS_TEXT.lotusTitle(BRAND.name)}</h1>
          </div>
        </header>
        <NeedsAnswers coverage={coverage.data} />
      </div>
    );
  }
  // Figures wait for the rule's answer (it comes with the other reads), so none flashes up first.
  return <LifeLotus confirmed={coverage.data !== undefined || coverage.isError} />;
}

function LifeLotus({ confirmed }: { confirmed: boolean }) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const summary = useSummaryText();
  const chart = useEightPetalData();
  const potential = usePositivityPotential();
  const latest = useLatestAssessment();
  // Drawing the lotus is the page's heaviest render. It follows the rest at low priority, so the
  // text above it paints first and the drawing is done in slices rather than one long task; until
  // then its waiting message stays.
  const lotusData = useDeferredValue(confirmed ? chart.data : undefined);
  const lotus = useMemo(() => (lotusData ? <EightPetalChart data={lotusData} /> : null), [lotusData]);
  const drawing = lotusData === undefined && (chart.isPending || chart.data !== undefined || !confirmed);
  // Far below the fold: asked for and rendered once the lotus is drawn and the page is idle, so
  // neither their reads nor their rendering compete with the text and chart people look at first.
  const idle = useWhenIdle(!drawing);
  const testimonials = useTestimonials(idle);
  const site = useSiteContent(idle);
  const notice = site.data?.notDiagnosticNotice;

  return (
    <div className="journey-page lotus-page">
      <header className="journey-intro">
        <div className="journey-intro__text">
          <h1 className="journey-title">{RESULTS_TEXT.lotusTitle(BRAND.name)}</h1>
          {summary.isPending || !confirmed ? <PageLoading /> : summary.data ? <RichText text={summary.data} className="journey-intro__body" /> : null}
        </div>
      </header>

      <div className="lotus-layout">
        <div className="results-chart results-chart--lotus bloom-card">
          {drawing ? <PageLoading message={RESULTS_TEXT.drawingLotus} /> : lotus}
          <ShadingLegend />
        </div>
        {confirmed && potential.data && <PositivityPotential potential={potential.data} />}
      </div>

      {!userLoading && !latest.isPending && <LotusCallToAction action={chooseCallToAction(user, latest.data)} />}

      {notice && <p className="lotus-notice">{notice}</p>}

      {idle && testimonials.data && (
        <Suspense fallback={null}>
          <TestimonialCarousel testimonials={testimonials.data} />
        </Suspense>
      )}
    </div>
  );
}
