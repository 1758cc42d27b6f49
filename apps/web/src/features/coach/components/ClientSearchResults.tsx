import { CLIENT_LIST_TEXT } from '../client-list-content';
import { useClientPages } from '../hooks/useClientPages';
import styles from '../Coach.module.css';
import { ClientPages } from './ClientPages';

const T = CLIENT_LIST_TEXT;

/** The clients matching a search, across every section, with how many match announced to screen readers. */
export function ClientSearchResults({ search }: { search: string }) {
  // The same query as the list below (shared by key): only its count is read here.
  const pages = useClientPages({ kind: 'all' }, search, true);
  return (
    <section className={styles.organization} aria-labelledby="client-search-results">
      <h2 id="client-search-results" className={styles.plainHeading}>
        {T.searchHeading}
      </h2>
      <p role="status" className={styles.count}>
        {pages.data ? T.found(pages.total, search) : T.searching}
      </p>
      {pages.data && pages.total > 0 && <ClientPages scope={{ kind: 'all' }} search={search} name={T.searchHeading} level={3} showPlacement eager />}
    </section>
  );
}
