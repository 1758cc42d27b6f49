import type { AccountSettings } from '@bloom/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { StatusLine } from '../../../components/ui/StatusLine';
import { Field } from '../../../components/ui/Field';
import { useChangeEmail, useResendVerification } from '../api';
import { ACCOUNT_TEXT as T } from '../content';
import { placeError, type PlacedError } from '../logic';
import styles from '../pages/AccountPage.module.css';

/**
 * The address the member logs in with: whether it is confirmed (with "Send the link again"), a
 * new address waiting for its link, and the form that asks for one. The address changes only
 * once the link mailed to the new one is followed.
 */
export function EmailSection({ account }: { account: AccountSettings }) {
  const resend = useResendVerification();
  const [resendError, setResendError] = useState<string | null>(null);

  async function onResend() {
    setResendError(null);
    try {
      await resend.mutateAsync();
    } catch (caught) {
      setResendError(placeError(caught).message);
    }
  }

  return (
    <>
      {account.email ? (
        <p className={styles.address}>
          <span className={styles.addressText}>{account.email}</span>{' '}
          <span className={account.emailVerified ? styles.badgeConfirmed : styles.badgePending}>{account.emailVerified ? T.confirmed : T.notConfirmed}</span>
        </p>
      ) : (
        <p>{T.noEmail}</p>
      )}
      {account.email && !account.emailVerified && (
        <div className={styles.confirm}>
          <p>{T.confirmBody}</p>
          <div className="bloom-actions">
            <Button variant="secondary" busy={resend.isPending} keepFocusWhileBusy onClick={() => void onResend()}>
              {resend.isPending ? T.resending : T.resend}
            </Button>
          </div>
          <StatusLine text={resend.isSuccess ? T.resent(resend.data.sentTo) : null} className={styles.success} />
          {resendError && (
            <p className="bloom-error" role="alert">
              {resendError}
            </p>
          )}
        </div>
      )}
      {account.pendingEmail && <p className={styles.pending}>{T.pending(account.pendingEmail)}</p>}
      <h3 className={styles.subheading}>{T.changeEmailHeading}</h3>
      <ChangeEmailForm />
    </>
  );
}

function ChangeEmailForm() {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<PlacedError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useChangeEmail();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSentTo(null);
    if (!newEmail.trim()) return fail({ field: 'newEmail', message: T.enterNewEmail });
    if (!password) return fail({ field: 'currentPassword', message: T.enterCurrentPassword });
    setError(null);
    try {
      const result = await change.mutateAsync({ newEmail: newEmail.trim(), currentPassword: password });
      setNewEmail('');
      setPassword('');
      setSentTo(result.pendingEmail);
    } catch (caught) {
      fail(placeError(caught));
    }
  }

  function fail(placed: PlacedError) {
    setError(placed);
    if (placed.field === 'newEmail') emailRef.current?.focus();
    if (placed.field === 'currentPassword') passwordRef.current?.focus();
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label={T.newEmailLabel} error={error?.field === 'newEmail' ? error.message : undefined} announceError>
        {(control) => (
          <input {...control} ref={emailRef} type="email" name="new-email" autoComplete="email" maxLength={254} value={newEmail} onChange={(event) => setNewEmail(event.target.value)} />
        )}
      </Field>
      <Field label={T.currentPasswordLabel} hint={T.currentPasswordHint} error={error?.field === 'currentPassword' ? error.message : undefined} announceError>
        {(control) => (
          <input {...control} ref={passwordRef} type="password" name="password-for-email" autoComplete="current-password" maxLength={256} value={password} onChange={(event) => setPassword(event.target.value)} />
        )}
      </Field>
      {error && error.field === null && (
        <p className="bloom-error" role="alert">
          {error.message}
        </p>
      )}
      <StatusLine text={sentTo ? T.changeEmailDone(sentTo) : null} className={styles.success} />
      <div className="bloom-actions">
        <Button type="submit" variant="secondary" busy={change.isPending} keepFocusWhileBusy>
          {T.changeEmailSubmit}
        </Button>
      </div>
    </form>
  );
}
