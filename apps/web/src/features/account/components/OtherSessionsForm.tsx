import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { StatusLine } from '../../../components/ui/StatusLine';
import { useEndOtherSessions } from '../api';
import { ACCOUNT_TEXT as T } from '../content';
import { placeError, type PlacedError } from '../logic';
import styles from '../pages/AccountPage.module.css';

/**
 * "Sign out everywhere else" (decision 0085): one button, and the current password above it when
 * Bloom's own sign-in keeps the password (`askPassword`), as the change-password form asks. The
 * polite status line says how many other browsers were signed out; this one stays signed in.
 */
export function OtherSessionsForm({ askPassword, email }: { askPassword: boolean; email: string | null }) {
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<PlacedError | null>(null);
  const [ended, setEnded] = useState<number | null>(null);
  const end = useEndOtherSessions();
  const currentRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setEnded(null);
    if (askPassword && !current) return fail({ field: 'currentPassword', message: T.enterCurrentPassword });
    setError(null);
    try {
      const answer = await end.mutateAsync(askPassword ? { currentPassword: current } : {});
      setCurrent('');
      setEnded(answer.ended);
    } catch (caught) {
      fail(placeError(caught));
    }
  }

  function fail(placed: PlacedError) {
    setError(placed);
    if (placed.field === 'currentPassword') currentRef.current?.focus();
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {askPassword && (
        <>
          {/* For password managers: the account the password belongs to. */}
          {email && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
          <Field label={T.currentPasswordLabel} hint={T.sessionsPasswordHint} error={error?.field === 'currentPassword' ? error.message : undefined} announceError>
            {(control) => (
              <input {...control} ref={currentRef} type="password" name="current-password" autoComplete="current-password" maxLength={256} value={current} onChange={(event) => setCurrent(event.target.value)} />
            )}
          </Field>
        </>
      )}
      {error && error.field === null && (
        <p className="bloom-error" role="alert">
          {error.message}
        </p>
      )}
      <StatusLine text={ended === null ? null : T.otherSessionsEnded(ended)} className={styles.success} />
      <div className="bloom-actions">
        <Button type="submit" busy={end.isPending} keepFocusWhileBusy>
          {end.isPending ? T.endingOtherSessions : T.endOtherSessionsSubmit}
        </Button>
      </div>
    </form>
  );
}
