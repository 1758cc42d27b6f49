import { EightPetalChart, ShadingLegend } from '../../../components/charts';
import { BRAND } from '../../../content/brand';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useEightPetalData, useLatestAssessment, usePositivityPotential, useSiteContent, useSummaryText, useTestimonials } from '../api/queries';
import { LotusCallToAction } from '../components/LotusCallToAction';
import { PageLoading } from '../components/PageStatus';
import { PositivityPotential } from '../components/PositivityPotential';
import { RichText } from '../components/RichText';
import { TestimonialCarousel } from '../components/TestimonialCarousel';
import { chooseCallToAction } from '../logic/callToAction';
import '../components/journey.css';
import '../components/results.css';
import '../components/lotus.css';

/** /YourLifeLotus — the results summary (spec 01 §2 "Results summary"). */
export default function YourLifeLotusPage() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const summary = useSummaryText();
  const chart = useEightPetalData();
  const potential = usePositivityPotential();
  const latest = useLatestAssessment();
  const testimonials = useTestimonials();
  const site = useSiteContent();
  const notice = potential.data?.notDiagnosticNotice ?? site.data?.notDiagnosticNotice;

  return (
    <div className="journey-page lotus-page">
      <header className="journey-intro">
        <div className="journey-intro__text">
          <h1 className="journey-title">Your {BRAND.name} Life Lotus</h1>
          {summary.isPending ? <PageLoading /> : summary.data ? <RichText text={summary.data} className="journey-intro__body" /> : null}
        </div>
      </header>

      <div className="lotus-layout">
        <div className="results-chart results-chart--lotus">
          {chart.isPending ? <PageLoading message="Drawing your lotus..." /> : chart.data ? <EightPetalChart data={chart.data} /> : null}
          <ShadingLegend />
        </div>
        {potential.data && <PositivityPotential potential={potential.data} />}
      </div>

      {!userLoading && !latest.isPending && <LotusCallToAction action={chooseCallToAction(user, latest.data)} />}

      {notice && <p className="lotus-notice">{notice}</p>}

      {testimonials.data && <TestimonialCarousel testimonials={testimonials.data} />}
    </div>
  );
}
