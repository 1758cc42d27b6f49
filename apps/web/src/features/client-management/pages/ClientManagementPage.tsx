import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { PageTitle } from '../../../components/layout/PageTitle';
import { buttonClassName } from '../../../components/ui/Button';
import { StatusLine } from '../../../components/ui/StatusLine';
import { Page } from '../../../components/ui/Page';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { ApiError } from '../../../lib/api';
import { coachDashboardKey } from '../../../lib/coach-dashboard-key';
import * as api from '../api';
import { NameAdder } from '../components/NameAdder';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import styles from '../ClientManagement.module.css';

/**
 * The board (its cards, the drag and drop code, the deletions) is not in the first paint, which
 * is the title, the instructions, the organization field and "Loading...": its code downloads
 * from the first render on, alongside the board's read (decision 0041).
 */
const loadBoard = () => import('../components/Board');
const Board = lazy(loadBoard);

/**
 * /ClientManagement (spec 02 §2, §4, §5): organizations, groups and clients, moved by drag and drop
 * or the "Move to" list and its Move button. A move is announced once the server has it; a change
 * the server refused is said where it was asked for (on the card, in the dialog, under the field).
 */
export default function ClientManagementPage() {
  const { user, isLoading, lookupFailed } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  // Nobody known yet is not "not a coach": say the check failed and offer it again.
  if (lookupFailed) return <SignInCheckFailed pageTitle={T.title} classes={{ page: styles.page }} />;
  if (!user?.userRoles.includes('Coach')) {
    return (
      <Page className={styles.page}>
        <PageTitle title={T.title} />
        <h1 className="bloom-title">{T.title}</h1>
        <p className="bloom-lead">{T.notCoach}</p>
        <Link className={buttonClassName('secondary')} to="/CoachDashboard">
          {T.back}
        </Link>
      </Page>
    );
  }
  return <ClientManagement />;
}

function ClientManagement() {
  const queryClient = useQueryClient();
  const board = useQuery(api.clientBoardQuery);
  /** What the last move or deletion did, for the polite live region; a deletion's is shown too. */
  const [news, setNews] = useState({ text: '', shown: false });
  const onNews = useCallback((text: string, shown = false) => setNews({ text, shown }), []);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void loadBoard();
  }, []);
  // Reads are not repeated on focus app-wide (lib/query-client.ts); this page's board is read
  // again when its tab is shown again, as clients may have joined or another tab changed it.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: api.clientBoardQuery.queryKey });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient]);

  // A move, an addition or a deletion changes the coach dashboard too (its counts, its groups'
  // figures): its reads are marked stale here, so Back to it reads them afresh. The groups' figures
  // are dropped rather than kept to show until the new ones arrive: an old figure may count a
  // client whose grants just ended, or a group that fell below five.
  const reload = async () => {
    queryClient.removeQueries({ queryKey: [...coachDashboardKey, 'insight'] });
    await Promise.all([queryClient.invalidateQueries({ queryKey: api.clientBoardQuery.queryKey }), queryClient.invalidateQueries({ queryKey: coachDashboardKey })]);
  };

  /** Adds an organization or group: null when done, otherwise what to say under the field (the server's reason when it refused the name). */
  async function add(call: () => Promise<unknown>): Promise<string | null> {
    try {
      await call();
      await reload();
      return null;
    } catch (error) {
      console.error('Could not add', error);
      return error instanceof ApiError && error.status < 500 && error.code ? error.message : T.addFailed;
    }
  }

  const data = board.data;
  const empty = data && data.organizations.length === 0 && data.independent.length === 0;
  const loading = <p role="status">{T.loading}</p>;

  return (
    <Page className={styles.page}>
      <PageTitle title={T.title} />
      <header className={styles.header}>
        <h1 ref={titleRef} tabIndex={-1} className="bloom-title">
          {T.title}
        </h1>
        <Link className={buttonClassName('secondary', 'small')} to="/CoachDashboard">
          {T.back}
        </Link>
      </header>
      <div className={styles.instructions}>
        {T.instructions.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p className="bloom-muted">{T.keyboardHint}</p>
      </div>
      <StatusLine text={news.text} className={news.shown ? styles.news : undefined} />

      <NameAdder placeholder={T.organizationNamePlaceholder} buttonLabel={T.addOrganization} requiredMessage={T.organizationNameRequired} dotsMessage={T.organizationNameDots} onAdd={(name) => add(() => api.addOrganization(name))} />

      {board.isPending && loading}
      {board.isError && <p className="bloom-error">{T.failed}</p>}
      {empty && <p className="bloom-empty">{T.noOrganizations}</p>}

      {data && (
        <Suspense fallback={loading}>
          <Board data={data} onNews={onNews} reload={reload} add={add} titleRef={titleRef} />
        </Suspense>
      )}
    </Page>
  );
}
