import type { ConsentRecord, RevokeConsentRequest } from '@bloom/contracts';
import { lazy, useState } from 'react';
import { DialogButton } from '../../../components/ui/DialogButton';
import { PRIVACY_TEXT as T } from '../content';

/** The choice, with Radix Dialog (13 KB gzip), loads on the first click, not with the page's first paint. */
const WithdrawPreGrantDialog = lazy(() => import('./WithdrawPreGrantDialog'));

/** A pre-grant's Withdraw button, which asks first what happens to the assessments already shared (WithdrawPreGrantDialog). */
export function WithdrawPreGrantButton({ record, busy, describedBy, onWithdraw }: {
  record: ConsentRecord;
  busy: boolean;
  describedBy: string;
  onWithdraw: (pastAssessments: RevokeConsentRequest['pastAssessments']) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton
      variant="secondary"
      size="small"
      busy={busy}
      aria-describedby={describedBy}
      data-consent={record.id}
      open={open}
      onOpenChange={setOpen}
      dialog={(focusBack) => <WithdrawPreGrantDialog open={open} onOpenChange={setOpen} busy={busy} focusBack={focusBack} onWithdraw={onWithdraw} />}
    >
      {busy ? T.withdrawing : T.withdraw}
    </DialogButton>
  );
}
