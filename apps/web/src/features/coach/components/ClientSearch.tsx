import { COACH_CLIENT_SEARCH_MAX } from '@bloom/contracts/constants';
import { useEffect, useState } from 'react';
import { Field } from '../../../components/ui/Field';
import { CLIENT_LIST_TEXT } from '../client-list-content';
import { normalizeSearch } from '../logic/client-pages';
import styles from '../Coach.module.css';

const T = CLIENT_LIST_TEXT;
/** Long enough to let a word be typed, short enough to feel immediate. */
const DEBOUNCE_MS = 300;

/**
 * The dashboard's search box: reports what was typed once typing pauses (or on Enter); no longer
 * than the server reads. It starts with `initial`, the search the page was left with.
 */
export function ClientSearch({ initial = '', onSearch }: { initial?: string; onSearch: (search: string) => void }) {
  const [typed, setTyped] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => onSearch(normalizeSearch(typed)), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, onSearch]);
  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(normalizeSearch(typed));
      }}
    >
      <Field label={T.searchLabel} hint={T.searchHint}>
        {(control) => <input {...control} type="search" maxLength={COACH_CLIENT_SEARCH_MAX} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />}
      </Field>
    </form>
  );
}
