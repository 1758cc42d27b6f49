import type { RevokeConsentRequest } from '@bloom/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import type { FocusBack } from '../../../components/ui/DialogButton';
import { PRIVACY_TEXT as T } from '../content';
import styles from '../pages/PrivacyPage.module.css';

type PastAssessments = RevokeConsentRequest['pastAssessments'];

/**
 * Withdrawing a pre-grant asks what happens to the assessments already shared (decision 0020):
 * they stay shared (each keeps its own record, withdrawable by itself) or all stop now.
 * "Keep" is preselected: the smaller change is the default. Loaded on the first click of its
 * button (WithdrawPreGrantButton), to which `focusBack` gives focus back on close.
 */
export default function WithdrawPreGrantDialog({ open, onOpenChange, busy, focusBack, onWithdraw }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  focusBack: FocusBack;
  onWithdraw: (pastAssessments: PastAssessments) => Promise<void>;
}) {
  const [choice, setChoice] = useState<PastAssessments>('keep');
  const name = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await onWithdraw(choice);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent prose className={styles.dialog} onCloseAutoFocus={focusBack}>
        <DialogTitle>{T.preGrantDialogTitle}</DialogTitle>
        <DialogDescription>{T.preGrantDialogBody}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)}>
          <fieldset className={styles.choices}>
            <legend className={styles.confirmLabel}>{T.preGrantChoiceLegend}</legend>
            {(['keep', 'stop'] as const).map((value) => (
              <label key={value} className={styles.choice}>
                <input type="radio" name={name} value={value} checked={choice === value} onChange={() => setChoice(value)} />
                {value === 'keep' ? T.preGrantKeep : T.preGrantStop}
              </label>
            ))}
          </fieldset>
          <DialogActions className={styles.dialogActions}>
            <DialogCancel disabled={busy}>{T.cancel}</DialogCancel>
            <Button type="submit" busy={busy}>
              {busy ? T.withdrawing : T.preGrantWithdraw}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
