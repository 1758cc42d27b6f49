import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { StatusLine } from '../../../components/ui/StatusLine';
import { Field } from '../../../components/ui/Field';
import { useChangePassword } from '../api';
import { ACCOUNT_TEXT as T } from '../content';
import { placeError, type PlacedError } from '../logic';
import styles from '../pages/AccountPage.module.css';

/**
 * "Change password": the current one, then the new one under the sign-up rules (the server
 * words each refusal). On success this browser stays signed in; every other one is signed out.
 */
export function PasswordForm({ email }: { email: string | null }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<PlacedError | null>(null);
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (!current) return fail({ field: 'currentPassword', message: T.enterCurrentPassword });
    if (!next) return fail({ field: 'newPassword', message: T.enterNewPassword });
    setError(null);
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setDone(true);
    } catch (caught) {
      fail(placeError(caught));
    }
  }

  function fail(placed: PlacedError) {
    setError(placed);
    if (placed.field === 'currentPassword') currentRef.current?.focus();
    if (placed.field === 'newPassword') nextRef.current?.focus();
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {/* For password managers: the account the new password belongs to. */}
      {email && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
      <Field label={T.currentPasswordLabel} error={error?.field === 'currentPassword' ? error.message : undefined} announceError>
        {(control) => (
          <input {...control} ref={currentRef} type="password" name="current-password" autoComplete="current-password" maxLength={256} value={current} onChange={(event) => setCurrent(event.target.value)} />
        )}
      </Field>
      <Field label={T.newPasswordLabel} hint={T.newPasswordHint} error={error?.field === 'newPassword' ? error.message : undefined} announceError>
        {(control) => (
          <input {...control} ref={nextRef} type="password" name="new-password" autoComplete="new-password" maxLength={256} value={next} onChange={(event) => setNext(event.target.value)} />
        )}
      </Field>
      {error && error.field === null && (
        <p className="bloom-error" role="alert">
          {error.message}
        </p>
      )}
      <StatusLine text={done ? T.passwordChanged : null} className={styles.success} />
      <div className="bloom-actions">
        <Button type="submit" busy={change.isPending} keepFocusWhileBusy>
          {change.isPending ? T.changing : T.changePasswordSubmit}
        </Button>
        <a className={styles.textLink} href="/idp/forgot">
          {T.forgotCurrent}
        </a>
      </div>
    </form>
  );
}
