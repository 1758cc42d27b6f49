import { useNavigate } from 'react-router';
import { useIndividualDifferences, useLatestAssessment } from '../api/queries';
import type { IndividualDifferences } from '../api/types';
import { NextButton } from '../components/NextButton';
import { JourneyGraphic } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { DIFFERENCES_PAGE_TEXT } from '../content/differences';
import { areaSentences, comparisonGroupSentence, overallSentences } from '../logic/differences';
import { LOTUS_PATH } from '../logic/navigation';
import '../components/journey.css';
import '../components/differences.css';

/** /IndividualDifferences — how the user compares with others (spec 01 §2; DESIGN §4). */
export default function IndividualDifferencesPage() {
  const navigate = useNavigate();
  const latest = useLatestAssessment();
  const differences = useIndividualDifferences(latest.data?.id);
  const failed = latest.isError || differences.isError || (latest.isSuccess && latest.data === null);

  return (
    <div className="journey-page">
      <header className="journey-intro journey-intro--with-graphic">
        <div className="journey-intro__text">
          <h1 className="journey-title">{DIFFERENCES_PAGE_TEXT.title}</h1>
          <p className="journey-intro__body">{DIFFERENCES_PAGE_TEXT.intro}</p>
        </div>
        <JourneyGraphic file="benchmarking.svg" />
      </header>

      {differences.data ? (
        <Comparisons differences={differences.data} />
      ) : failed ? (
        <PageUnavailable onRetry={() => void (latest.isError || latest.data === null ? latest.refetch() : differences.refetch())} />
      ) : (
        <PageLoading message={DIFFERENCES_PAGE_TEXT.loading} />
      )}

      <div className="journey-actions">
        <NextButton onClick={() => void navigate(LOTUS_PATH)} busy={!differences.data && !failed} />
      </div>
    </div>
  );
}

function Comparisons({ differences }: { differences: IndividualDifferences }) {
  return (
    <div className="differences">
      <section className="differences__overall bloom-card" aria-labelledby="differences-overall">
        <h2 id="differences-overall" className="journey-subtitle">
          {DIFFERENCES_PAGE_TEXT.overallTitle}
        </h2>
        {overallSentences(differences).map((sentence) => (
          <p key={sentence} className="differences__sentence">
            {sentence}
          </p>
        ))}
      </section>

      <ul className="differences__areas">
        {areaSentences(differences).map((area) => (
          <li key={area.id} className="differences__area">
            <h3 className="differences__area-title">{area.heading}</h3>
            {area.sentences.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </li>
        ))}
      </ul>

      <p className="differences__group">{comparisonGroupSentence(differences)}</p>
      {differences.provisional && (
        <p className="differences__provisional">
          <strong>{DIFFERENCES_PAGE_TEXT.provisionalLead}</strong> {DIFFERENCES_PAGE_TEXT.provisional}
        </p>
      )}
    </div>
  );
}
