import type { ConsentRecord, RevokeConsentRequest } from '@bloom/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../../components/ui/Dialog';
import { PRIVACY_TEXT as T } from '../content';
import styles from '../pages/PrivacyPage.module.css';

type PastAssessments = RevokeConsentRequest['pastAssessments'];

/**
 * Withdrawing a pre-grant asks what happens to the assessments already shared (decision 0020):
 * they stay shared (each keeps its own record, withdrawable by itself) or all stop now.
 * "Keep" is preselected: the smaller change is the default.
 */
export function WithdrawPreGrantDialog({ record, busy, describedBy, onWithdraw }: {
  record: ConsentRecord;
  busy: boolean;
  describedBy: string;
  onWithdraw: (pastAssessments: PastAssessments) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<PastAssessments>('keep');
  const name = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await onWithdraw(choice);
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="small" busy={busy} aria-describedby={describedBy} data-consent={record.id}>
          {busy ? T.withdrawing : T.withdraw}
        </Button>
      </DialogTrigger>
      <DialogContent prose className={styles.dialog}>
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
