import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ONBOARDING_TEXT as T } from '../content';

/** The read a list's options come from, as useQuery answers it. */
interface ListRead {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  errorUpdateCount: number;
}

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  read: ListRead;
  /** Under a list that was read and holds nothing. */
  emptyText: string;
  /** In its place when the read failed (offline, a 5xx): nothing is known, so nothing is said to be missing. */
  failedText: string;
  /** Try again: asks again, and answers whether the options are here now. */
  retry: () => Promise<boolean>;
  /** Under the list, when it is not empty: what the choice means ("You will be a client of …"). */
  hint?: string;
  /** What is wrong with the choice (the one made is no longer available): said under the list, which is marked invalid. */
  error?: string;
}

/**
 * One of onboarding's lists (a coach, an organization, a group): required, "Loading…" while it is
 * read. A read that failed is never shown as an empty list: it is said at the list, which it
 * describes, with Try again, as the UI kit's ListReadFailure does (the same markup). Not that
 * component itself: shared by three features it is a chunk of its own, which put this page's
 * first paint over its 100 KB budget (99.27 → 99.60 KB with it, 100.1 with this session's
 * onboarding fixes); inline here it costs this page nothing more.
 */
export function ListChoice({ id, label, value, onChange, options, read, emptyText, failedText, retry, hint, error }: Props) {
  // Failed, or asking again after failing (Try again): the line and its button, which keeps its focus, stay until the answer.
  const failed = read.isError || (read.isFetching && read.errorUpdateCount > 0 && read.data === undefined);
  const failureId = `${id}-failed`;
  async function tryAgain() {
    if (await retry()) document.getElementById(id)?.focus();
  }
  return (
    <Field id={id} label={label} hint={!read.isPending && !failed && options.length === 0 ? emptyText : hint} error={error}>
      {(control) => (
        <>
          <select
            {...control}
            aria-describedby={failed ? [failureId, control['aria-describedby']].filter(Boolean).join(' ') : control['aria-describedby']}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-busy={read.isPending || undefined}
            required
          >
            <option value="">{read.isPending ? T.loading : T.choose}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {failed && (
            <div className="bloom-cluster">
              <p id={failureId} role="alert" className={read.isError ? 'bloom-error' : 'bloom-muted'}>
                {read.isError ? failedText : T.loading}
              </p>
              <Button variant="secondary" size="small" busy={read.isFetching} keepFocusWhileBusy onClick={() => void tryAgain()}>
                {T.tryAgain}
              </Button>
            </div>
          )}
        </>
      )}
    </Field>
  );
}
