import { useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { CLIENT_LIST_TEXT } from '../client-list-content';
import { useClientPages } from '../hooks/useClientPages';
import styles from '../Coach.module.css';
import { ClientPages } from './ClientPages';

const T = CLIENT_LIST_TEXT;

/**
 * The clients matching a search, across every section, with how many match announced to screen
 * readers. A search the server fails says so, with Try again: "Searching..." while it asks, so a
 * second failure is said again; once it answers, the button goes and focus goes to the heading.
 */
export function ClientSearchResults({ search }: { search: string }) {
  // The same query as the list below (shared by key): only its count is read here.
  const pages = useClientPages({ kind: 'all' }, search, true);
  const heading = useRef<HTMLHeadingElement>(null);
  // No answer to show: a failed "Show more" of results already here is said by the list itself (ClientPages).
  const unanswered = pages.isError && !pages.data;
  const failed = unanswered && !pages.isFetching;
  async function tryAgain() {
    if (!(await pages.refetch()).isError) heading.current?.focus();
  }
  return (
    <section className={styles.organization} aria-labelledby="client-search-results">
      <h2 id="client-search-results" ref={heading} tabIndex={-1} className={styles.plainHeading}>
        {T.searchHeading}
      </h2>
      <p role="status" className={failed ? 'bloom-error' : styles.count}>
        {failed ? T.searchFailed : pages.data ? T.found(pages.total, search) : T.searching}
      </p>
      {unanswered && (
        <Button variant="secondary" size="small" busy={pages.isFetching} keepFocusWhileBusy onClick={() => void tryAgain()}>
          {T.tryAgain}
        </Button>
      )}
      {pages.data && pages.total > 0 && <ClientPages scope={{ kind: 'all' }} search={search} name={T.searchHeading} level={3} showPlacement eager />}
    </section>
  );
}
