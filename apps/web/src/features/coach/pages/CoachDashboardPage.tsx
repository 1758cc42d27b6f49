import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from '../../../lib/router';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { useLogout } from '../../../hooks/useLogout';
import { insightCsvUrl } from '../api';
import { ClientPages } from '../components/ClientPages';
import { ClientSearch } from '../components/ClientSearch';
import { ClientSearchResults } from '../components/ClientSearchResults';
import { CoachGate } from '../components/CoachGate';
import { Collapsible } from '../components/Collapsible';
import { CoachChecklist } from '../components/CoachChecklist';
import { InsightPanel } from '../components/InsightPanel';
import { InsightPrintProvider } from '../components/InsightPrint';
import { COACH_TEXT } from '../content';
import { useDashboardOutline } from '../hooks/useClientPages';
import { loadsEverySectionAtOnce } from '../logic/client-pages';
import { layoutOutline } from '../logic/grouping';
import styles from '../Coach.module.css';

const T = COACH_TEXT.dashboard;

/**
 * The invitations panel (its form, list and their mutations) is drawn last, under the clients,
 * and only once the outline is here: its code is not in the first paint. The page starts its
 * download on arrival, alongside the outline's read.
 */
const loadInvitationsPanel = () => import('../components/InvitationsPanel');
const InvitationsPanel = lazy(async () => ({ default: (await loadInvitationsPanel()).InvitationsPanel }));

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
  const { logOut, isPending } = useLogout();
  const dashboard = useDashboardOutline();
  const layout = useMemo(() => layoutOutline(dashboard.data, T.noGroup), [dashboard.data]);
  const empty = dashboard.data?.totalClients === 0;
  const [search, setSearch] = useState('');
  const eager = loadsEverySectionAtOnce(layout.totalCount);
  useEffect(() => {
    void loadInvitationsPanel();
  }, []);

  return (
    <Page className={styles.page}>
      <InsightPrintProvider>
        <PageTitle title={T.title} />
        <h1 className="bloom-title">{T.title}</h1>
        <nav className={styles.actions} aria-label={T.title}>
          <Button variant="secondary" busy={isPending} onClick={() => void logOut()}>
            {T.logOut}
          </Button>
          <Link className={buttonClassName('secondary')} to="/Dashboard">
            {T.memberDashboard}
          </Link>
          <Link className={buttonClassName('primary')} to="/ClientManagement">
            {T.clientManagement}
          </Link>
          {layout.organizations.length > 0 && (
            <a className={buttonClassName('secondary')} href={insightCsvUrl()} download>
              {COACH_TEXT.insight.downloadCsv}
            </a>
          )}
        </nav>

        {dashboard.isPending && <p role="status">{T.loading}</p>}
        {dashboard.isError && <p className="bloom-error">{T.failed}</p>}
        {empty && <p className="bloom-empty">{T.noAssessments}</p>}
        {empty && <CoachChecklist />}
        {layout.totalCount > 0 && <ClientSearch onSearch={setSearch} />}
        {search && <ClientSearchResults search={search} />}

        {!search && layout.organizations.map((organization) => (
          <Collapsible
            key={organization.key}
            level={2}
            defaultOpen
            className={styles.organization}
            summary={
              <span className={styles.sectionSummary}>
                <span>{organization.name}</span>
                <span className={styles.count}>{T.clientCount(organization.clientCount)}</span>
              </span>
            }
          >
            <InsightPanel level={3} clientCount={organization.clientCount} eager={eager} target={{ kind: 'organization', id: organization.key, name: organization.name, organizationName: organization.name }} />
            {organization.groups.map((group) => (
              <Collapsible
                key={group.key}
                level={3}
                defaultOpen
                className={styles.group}
                summary={
                  <span className={styles.sectionSummary}>
                    <span>{group.name}</span>
                    <span className={styles.count}>{T.clientCount(group.clientCount)}</span>
                  </span>
                }
              >
                <InsightPanel level={4} clientCount={group.clientCount} eager={eager} target={{ kind: 'group', id: group.key, name: group.name, organizationName: organization.name }} />
                {group.clientCount > 0 && <ClientPages scope={{ kind: 'group', groupId: group.key }} name={`${organization.name}: ${group.name}`} level={4} eager={eager} clientCount={group.clientCount} />}
              </Collapsible>
            ))}
          </Collapsible>
        ))}

        {!search && layout.independentCount > 0 && (
          <section className={styles.organization} aria-labelledby="independent-clients">
            <h2 id="independent-clients" className={styles.plainHeading}>
              {T.independentClients} <span className={styles.count}>{T.clientCount(layout.independentCount)}</span>
            </h2>
            <ClientPages scope={{ kind: 'independent' }} name={T.independentClients} level={3} eager={eager} clientCount={layout.independentCount} />
          </section>
        )}
        {/* After the clients, the page's main content, so it never pushes them out of view; and
            only once the outline is here, so the sections do not push it down as they arrive. */}
        {!dashboard.isPending && (
          <Suspense fallback={null}>
            <InvitationsPanel />
          </Suspense>
        )}
      </InsightPrintProvider>
    </Page>
  );
}
