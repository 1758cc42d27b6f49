import type { DashboardOutline } from '@bloom/contracts';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation } from '../../../lib/router';
import { COACH_TEXT } from '../content';
import { loadsEverySectionAtOnce } from '../logic/client-pages';
import { layoutOutline } from '../logic/grouping';
import { rememberedSearch, rememberSearch } from '../logic/remembered-sections';
import styles from '../Coach.module.css';
import { ClientPages } from './ClientPages';
import { ClientSearch } from './ClientSearch';
import { ClientSearchResults } from './ClientSearchResults';
import { CoachChecklist } from './CoachChecklist';
import { Collapsible } from './Collapsible';
import { InsightPanel } from './InsightPanel';

const T = COACH_TEXT.dashboard;

/**
 * The invitations panel (its form, list and their mutations) is drawn last, under the clients:
 * it loads with them, on its own.
 */
const InvitationsPanel = lazy(async () => ({ default: (await import('./InvitationsPanel')).InvitationsPanel }));

/**
 * The coach dashboard's body once its outline is here (spec 02 §2, decision 0032): the checklist
 * of an empty dashboard, the search, each organization and group with its figures and its clients
 * a page at a time, the independent clients, then the invitations. A section without clients
 * (its heading says "0 clients") has neither: no figures panel to say that nobody shared. The
 * page loads this module from its first render on, alongside the outline's read, and shows
 * "Loading your clients..." until both are here.
 */
export default function DashboardSections({ outline }: { outline: DashboardOutline }) {
  // Ordered here, not in the page: the sorting is not in the page's first paint.
  const layout = useMemo(() => layoutOutline(outline, T.noGroup), [outline]);
  const empty = outline.totalClients === 0;
  const { key } = useLocation();
  // Back to the dashboard shows the results of the search it was left with (remembered-sections.ts).
  const [search, setSearch] = useState(() => rememberedSearch(key));
  // Written as the search is made, not in an effect: the debounced search renders at low priority,
  // and its effects could run after a link's click had already left the entry.
  const makeSearch = useCallback(
    (made: string) => {
      setSearch(made);
      rememberSearch(key, made);
    },
    [key],
  );
  const eager = loadsEverySectionAtOnce(layout.totalCount);
  return (
    <>
      {empty && <p className="bloom-empty">{T.noAssessments}</p>}
      {empty && <CoachChecklist />}
      {layout.totalCount > 0 && <ClientSearch initial={search} onSearch={makeSearch} />}
      {search && <ClientSearchResults search={search} />}

      {!search && layout.organizations.map((organization) => (
        <Collapsible
          key={organization.key}
          level={2}
          defaultOpen
          remember={organization.key}
          className={styles.organization}
          summary={
            <span className={styles.sectionSummary}>
              <span>{organization.name}</span>
              <span className={styles.count}>{T.clientCount(organization.clientCount)}</span>
            </span>
          }
        >
          {organization.clientCount > 0 && (
            <InsightPanel level={3} clientCount={organization.clientCount} eager={eager} target={{ kind: 'organization', id: organization.key, name: organization.name, organizationName: organization.name }} />
          )}
          {organization.groups.map((group) => (
            <Collapsible
              key={group.key}
              level={3}
              defaultOpen
              remember={group.key}
              className={styles.group}
              summary={
                <span className={styles.sectionSummary}>
                  <span>{group.name}</span>
                  <span className={styles.count}>{T.clientCount(group.clientCount)}</span>
                </span>
              }
            >
              {group.clientCount > 0 && (
                <>
                  <InsightPanel level={4} clientCount={group.clientCount} eager={eager} target={{ kind: 'group', id: group.key, name: group.name, organizationName: organization.name }} />
                  <ClientPages scope={{ kind: 'group', groupId: group.key }} name={`${organization.name}: ${group.name}`} level={4} eager={eager} clientCount={group.clientCount} />
                </>
              )}
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
      <Suspense fallback={null}>
        <InvitationsPanel />
      </Suspense>
    </>
  );
}
