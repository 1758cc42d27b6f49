import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ONBOARDING_TEXT as T } from '../content';

/** The read a list's options come from, as useQuery answers it. */
export interface ListRead {
  isPending: boolean;
  isError: boolean;
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
}

/**
 * One of onboarding's lists (a coach, an organization, a group): required, "Loading…" while it is
 * read. A read that failed is never shown as an empty list (DESIGN.md §11): its failure is said at
 * the list (role="alert", and the list is described by it), with Try again. While Try again asks,
 * the line says "Loading…", so a second failure is said again; the button keeps its focus, which
 * goes to the list once its options are here.
 */
export function ListChoice({ id, label, value, onChange, options, read, emptyText, failedText, retry }: Props) {
  const [retrying, setRetrying] = useState(false);
  const failed = read.isError || retrying;
  const failureId = `${id}-failed`;
  async function tryAgain() {
    setRetrying(true);
    const answered = await retry();
    setRetrying(false);
    if (answered) document.getElementById(id)?.focus();
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
              <Button variant="secondary" size="small" busy={retrying} keepFocusWhileBusy onClick={() => void tryAgain()}>
                {T.tryAgain}
              </Button>
            </div>
          )}
        </>
      )}
    </Field>
  );
}
