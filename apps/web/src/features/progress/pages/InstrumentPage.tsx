import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { Page } from '../../../components/ui/Page';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInPrompt } from '../../../components/layout/SignInPrompt';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { buttonClassName } from '../../../components/ui/Button';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { formatAssessmentDateTime } from '../../../lib/assessment-dates';
import { ApiError } from '../../../lib/api';
import { instrumentStatisticsQuery, researchExportUrl } from '../api/queries';
import { FormSection, NormGroupPanel } from '../components/InstrumentSections';
import { INSTRUMENT_TEXT as T } from '../instrument-content';
import styles from '../Progress.module.css';

/** /Admin/Instrument (issue 26, DESIGN §15): the instrument's own statistics and the research export, for admins. */
export default function InstrumentPage() {
  const { user, isLoading, lookupFailed } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  // A failed lookup has not said the person is signed out: no sign-in prompt, a way to ask again.
  if (lookupFailed) return <SignInCheckFailed pageTitle={T.title} classes={styles} />;
  if (!user) return <SignInPrompt pageTitle={T.title} title={T.signedOutTitle} body={T.signedOutBody} buttonLabel={T.logIn} flow="Beginning" returnHere classes={styles} />;
  if (!user.userRoles.includes('Admin')) return <NotAllowed />;
  return <Instrument />;
}

function Instrument() {
  const statistics = useQuery(instrumentStatisticsQuery);
  if (statistics.isPending) return <LoadingScreen label={T.loading} />;
  if (statistics.error instanceof ApiError && [401, 403].includes(statistics.error.status)) return <NotAllowed />;
  const data = statistics.data;

  return (
    <Page className={`${styles.page} ${styles.wide}`}>
      <PageTitle title={T.title} />
      <header className={styles.header}>
        <h1 className="bloom-title">{T.title}</h1>
        <p className="bloom-lead">{T.lead}</p>
      </header>
      <nav className="bloom-actions" aria-label={T.title}>
        <Link className={buttonClassName('secondary')} to="/Dashboard">
          {T.toDashboard}
        </Link>
      </nav>

      {!data && <p className="bloom-error">{T.failed}</p>}
      {data && (
        <>
          <p className="bloom-muted">
            {T.computedAt(formatAssessmentDateTime(data.computedAt))} {T.missingValues}
          </p>
          <NormGroupPanel normGroup={data.normGroup} />
          <section className={styles.panel} aria-labelledby="research-export-title">
            <h2 id="research-export-title" className={styles.sectionTitle}>
              {T.exportTitle}
            </h2>
            <p>{T.exportBody}</p>
            <div className="bloom-actions">
              <a className={buttonClassName('primary')} href={researchExportUrl()} download="bloom-research.csv">
                {T.exportButton}
              </a>
            </div>
          </section>
          <FormSection form="Rapid" statistics={data.forms.Rapid} />
          <FormSection form="Professional" statistics={data.forms.Professional} />
        </>
      )}
    </Page>
  );
}

/** What a signed-in person who is not an administrator sees. */
function NotAllowed() {
  return (
    <Page className={`${styles.page} ${styles.narrow}`}>
      <PageTitle title={T.notAllowedTitle} />
      <section className={styles.panel}>
        <h1 className="bloom-title">{T.notAllowedTitle}</h1>
        <p className="bloom-lead">{T.notAllowedBody}</p>
        <div className="bloom-actions">
          <Link className={buttonClassName('secondary')} to="/Dashboard">
            {T.toDashboard}
          </Link>
        </div>
      </section>
    </Page>
  );
}
