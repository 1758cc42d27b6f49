import { Button } from './Button';

/** The read a list's options come from, as useQuery answers it. */
export interface ListRead {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  errorUpdateCount: number;
}

/**
 * The read failed, or is asking again after failing (Try again): its line and button stay meanwhile,
 * so the button keeps its focus. Read from the query's state alone: the page re-renders with a new
 * state a moment after the list re-renders on its own, so a flag of the list's own would be behind.
 */
export const listReadFailed = (read: ListRead): boolean =>
  read.isError || (read.isFetching && read.errorUpdateCount > 0 && read.data === undefined);

/** The id of the failure's line, which describes the list (aria-describedby) while the read has failed. */
export const listReadFailureId = (listId: string): string => `${listId}-failed`;

interface Props {
  /** The id of the list (a select) whose options the read brings. */
  listId: string;
  read: ListRead;
  /** Said when the read failed (offline, a 5xx): nothing is known, so nothing is said to be missing. */
  failedText: string;
  /** Said while Try again asks, so that a second failure is said again. */
  loadingText: string;
  tryAgainText: string;
  /** Asks again, and answers whether the options are here now. */
  retry: () => Promise<boolean>;
}

/**
 * A list whose options could not be read is never shown as an empty list (DESIGN.md §11): the
 * failure is said at the list (role="alert"), with Try again. While Try again asks, the line says
 * the loading text; the button stays, busy, with its focus, which goes to the list once its options
 * are here. Nothing is drawn while the read has not failed. (Onboarding's ListChoice draws the
 * same markup itself: this module, a chunk of its own, put that page over its first-paint budget.)
 */
export function ListReadFailure({ listId, read, failedText, loadingText, tryAgainText, retry }: Props) {
  if (!listReadFailed(read)) return null;
  async function tryAgain() {
    if (await retry()) document.getElementById(listId)?.focus();
  }
  return (
    <div className="bloom-cluster">
      <p id={listReadFailureId(listId)} role="alert" className={read.isError ? 'bloom-error' : 'bloom-muted'}>
        {read.isError ? failedText : loadingText}
      </p>
      <Button variant="secondary" size="small" busy={read.isFetching} keepFocusWhileBusy onClick={() => void tryAgain()}>
        {tryAgainText}
      </Button>
    </div>
  );
}
