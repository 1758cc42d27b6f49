import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import type { FocusBack } from '../../../components/ui/DialogButton';
import { followRedirect } from '../../../lib/login';
import { useDeleteAccount } from '../api';
import { DELETE_CONFIRMATION_WORD, PRIVACY_TEXT as T } from '../content';
import styles from '../pages/PrivacyPage.module.css';

/**
 * The confirmation of "Delete my account…" (DeleteAccountButton, which loads this module on its
 * first click). Nothing happens until the person types the confirmation word; Cancel is focused
 * first, so Enter alone never deletes anything. Closed, it gives focus back to its button
 * (`focusBack`); once deleted, focus is left to `onDeleted`'s page (its heading), as the button is gone.
 */
export default function DeleteAccountDialog({ open, onOpenChange: setOpen, focusBack, onDeleted }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focusBack: FocusBack;
  onDeleted: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [failed, setFailed] = useState(false);
  const deletion = useDeleteAccount();
  const inputId = useId();
  // Once the account is gone its button goes too: focus is not given back to it (the page moves it to its heading).
  const deleted = useRef(false);
  const confirmed = typed.trim() === DELETE_CONFIRMATION_WORD;

  function onOpenChange(next: boolean) {
    if (deletion.isPending) return;
    setOpen(next);
    setTyped('');
    setFailed(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) return;
    setFailed(false);
    let providerLogoutUrl: string | null;
    try {
      ({ providerLogoutUrl } = await deletion.mutateAsync());
    } catch (error) {
      console.error('Deleting the account failed', error);
      setFailed(true);
      return;
    }
    deleted.current = true;
    setOpen(false);
    if (providerLogoutUrl) {
      try {
        return followRedirect({ redirectUrl: providerLogoutUrl });
      } catch (error) {
        console.error('Not following the sign-in provider’s address', error);
      }
    }
    onDeleted();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        prose
        className={styles.dialog}
        onOpenAutoFocus={(event) => {
          // Focus the safe choice first (WAI-ARIA dialog pattern for destructive actions).
          event.preventDefault();
          document.getElementById(`${inputId}-cancel`)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (deleted.current) event.preventDefault();
          else focusBack(event);
        }}
      >
        <DialogTitle>{T.dialogTitle}</DialogTitle>
        <DialogDescription>{T.dialogBody}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field id={inputId} label={T.confirmLabel(DELETE_CONFIRMATION_WORD)} error={failed ? T.deleteFailed : undefined} announceError className={styles.confirmField}>
            {(control) => (
              <input
                {...control}
                className={`${control.className} ${styles.confirmInput}`}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
          </Field>
          <DialogActions className={styles.dialogActions}>
            <DialogCancel id={`${inputId}-cancel`} disabled={deletion.isPending}>
              {T.cancel}
            </DialogCancel>
            <Button type="submit" className={styles.danger} disabled={!confirmed} busy={deletion.isPending}>
              {deletion.isPending ? T.deleting : T.confirmDelete}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
