import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ONBOARDING_TEXT as T } from '../content';

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
 * state a moment after this list re-renders on its own, so a flag of the list's own would be behind.
 */
const readFailed = (read: ListRead) => read.isError || (read.isFetching && read.errorUpdateCount > 0 && read.data === undefined);

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
}

/**
 * One of onboarding's lists (a coach, an organization, a group): required, "Loading…" while it is
 * read. A read that failed is never shown as an empty list (DESIGN.md §11): its failure is said at
 * the list (role="alert", and the list is described by it), with Try again. While Try again asks,
 * the line says "Loading…", so a second failure is said again; the button stays, busy, with its
 * focus, which goes to the list once its options are here.
 */
export function ListChoice({ id, label, value, onChange, options, read, emptyText, failedText, retry }: Props) {
  const failed = readFailed(read);
  const failureId = `${id}-failed`;
  async function tryAgain() {
    if (await retry()) document.getElementById(id)?.focus();
  }
  return (
    <Field id={id} label={label} hint={!read.isPending && !failed && options.length === 0 ? emptyText : undefined}>
      {(control) => (
        <>
          <select
            {...control}
            aria-describedby={failed ? failureId : control['aria-describedby']}
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
