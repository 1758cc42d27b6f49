import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { Link } from '../../../lib/router';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { useLogout } from '../../../hooks/useLogout';
import { insightCsvUrl } from '../api';
import { CoachGate } from '../components/CoachGate';
import { InsightPrintProvider } from '../components/InsightPrint';
import { COACH_TEXT } from '../content';
import { useDashboardOutline } from '../hooks/useDashboardOutline';
import styles from '../Coach.module.css';

const T = COACH_TEXT.dashboard;

/**
 * The sections (search, figures, client lists, invitations) are not in the first paint, which is
 * the header and "Loading your clients...": their code downloads from the first render on,
 * alongside the outline's read.
 */
const loadDashboardSections = () => import('../components/DashboardSections');
const DashboardSections = lazy(loadDashboardSections);

/**
 * /CoachDashboard (spec 02 §2): the coach's clients by organization and group, with their
 * assessments. The outline comes first; each section's clients a page at a time, and a search
 * lists matches from every section (decision 0032).
 */
export default function CoachDashboardPage() {
  return (
    <CoachGate>
      <CoachDashboard />
    </CoachGate>
  );
}

function CoachDashboard() {
  const { logOut, isPending, isError: logOutFailed } = useLogout();
  const dashboard = useDashboardOutline();
  // The sections are the page's heaviest render: drawn at low priority, which React cuts into
  // short slices, while "Loading your clients..." stays (as it does for their code).
  const outline = useDeferredValue(dashboard.data);
  useEffect(() => {
    void loadDashboardSections();
  }, []);
  const loading = <p role="status">{T.loading}</p>;

  return (
    <Page className={styles.page}>
      <InsightPrintProvider>
        <PageTitle title={T.title} />
        <h1 className="bloom-title">{T.title}</h1>
        <nav className={styles.actions} aria-label={T.title}>
          <Button variant="secondary" busy={isPending} keepFocusWhileBusy onClick={() => void logOut()}>
            {T.logOut}
          </Button>
          <Link className={buttonClassName('secondary')} to="/Dashboard">
            {T.memberDashboard}
          </Link>
          <Link className={buttonClassName('primary')} to="/ClientManagement">
            {T.clientManagement}
          </Link>
          {outline && outline.organizations.length > 0 && (
            <a className={buttonClassName('secondary')} href={insightCsvUrl()} download>
              {COACH_TEXT.insight.downloadCsv}
            </a>
          )}
        </nav>
        {/* Still logged in: said at once, beside the button, which keeps its focus to try again. */}
        {logOutFailed && (
          <p className="bloom-error" role="alert">
            {T.logOutFailed}
          </p>
        )}

        {!outline && !dashboard.isError && loading}
        {dashboard.isError && <p className="bloom-error">{T.failed}</p>}
        <Suspense fallback={loading}>{outline && <DashboardSections outline={outline} />}</Suspense>
      </InsightPrintProvider>
    </Page>
  );
}
