import { Button } from '../../../components/ui/Button';
import { CLIENT_LIST_TEXT } from '../client-list-content';
import { useClientPages } from '../hooks/useClientPages';
import { useInView } from '../hooks/useInView';
import type { ClientScope } from '../logic/client-pages';
import styles from '../Coach.module.css';
import { ClientSection } from './ClientSection';
import { ClientRowsSkeleton } from './LoadingSkeletons';

const T = CLIENT_LIST_TEXT;

interface Props {
  scope: ClientScope;
  /** Names the list for the "Show more" button's screen-reader text (the group's or section's name). */
  name: string;
  level: 3 | 4;
  search?: string;
  /** Search results mix sections: each client then says where they are. */
  showPlacement?: boolean;
  /** Load the first page at once, not only once the list is near the screen (a small dashboard). */
  eager?: boolean;
  /** How many clients the list holds, when known (a section's, from the outline): its rows' space is kept while they load. */
  clientCount?: number;
}

/**
 * One list of clients a page at a time (decision 0032): the first page at once (`eager`) or once
 * the list is near the screen, the next ones on "Show more clients" (or, when the last page is in
 * but someone joined a part already loaded, the list again from its start: loadedClients). The
 * count of shown and all clients is a polite live region, so a screen reader hears what "Show more" added.
 */
export function ClientPages({ scope, name, level, search = '', showPlacement = false, eager = false, clientCount = 0 }: Props) {
  const { ref, inView } = useInView<HTMLDivElement>();
  const pages = useClientPages(scope, search, eager || inView);
  const { more } = pages;
  const busy = pages.isFetchingNextPage || pages.isRefetching;
  return (
    <div ref={ref} className={styles.clientList} aria-busy={(!pages.data && !pages.isError) || undefined}>
      {pages.isError ? (
        <p className="bloom-error">{T.failed}</p>
      ) : (
        !pages.data &&
        (clientCount > 0 ? (
          <>
            <p className="visually-hidden" role="status">
              {T.loading}
            </p>
            <ClientRowsSkeleton clientCount={clientCount} />
          </>
        ) : (
          <p className={styles.insightLoading} role="status">
            {T.loading}
          </p>
        ))
      )}
      {pages.clients.map((entry) => (
        <ClientSection key={entry.user.id} entry={entry} level={level} showPlacement={showPlacement} />
      ))}
      {pages.data && (more || pages.data.pages.length > 1) && (
        <div className={styles.showMore}>
          <p className={styles.count} role="status">
            {T.shown(pages.clients.length, pages.total)}
          </p>
          {more && (
            <Button variant="secondary" size="small" aria-busy={busy || undefined} onClick={() => void (busy || (more === 'next' ? pages.fetchNextPage() : pages.refetch()))}>
              {T.showMore}
              <span className="visually-hidden"> {T.showMoreOf(name)}</span>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
