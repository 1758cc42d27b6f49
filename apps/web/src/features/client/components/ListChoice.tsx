import { Field } from '../../../components/ui/Field';
import { ListReadFailure, listReadFailed, listReadFailureId, type ListRead } from '../../../components/ui/ListReadFailure';
import { ONBOARDING_TEXT as T } from '../content';

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
 * read. A read that failed is never shown as an empty list: ListReadFailure says so at the list,
 * which it describes, with Try again.
 */
export function ListChoice({ id, label, value, onChange, options, read, emptyText, failedText, retry, hint, error }: Props) {
  const failed = listReadFailed(read);
  return (
    <Field id={id} label={label} hint={!read.isPending && !failed && options.length === 0 ? emptyText : hint} error={error}>
      {(control) => (
        <>
          <select
            {...control}
            aria-describedby={failed ? [listReadFailureId(id), control['aria-describedby']].filter(Boolean).join(' ') : control['aria-describedby']}
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
          <ListReadFailure listId={id} read={read} failedText={failedText} loadingText={T.loading} tryAgainText={T.tryAgain} retry={retry} />
        </>
      )}
    </Field>
  );
}
