import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import type { FocusBack } from '../../../components/ui/DialogButton';
import { INVITATIONS_TEXT as T } from '../invitations-content';

interface Props {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  withdrawing: boolean;
  onWithdraw: () => void;
  focusBack: FocusBack;
}

/** The "withdraw this invitation?" confirmation of a pending invitation's Withdraw button, loaded on its first click (PendingInvitations). */
export default function WithdrawInvitationDialog({ email, open, onOpenChange, withdrawing, onWithdraw, focusBack }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent alert prose onCloseAutoFocus={focusBack}>
        <DialogTitle>{T.withdrawTitle}</DialogTitle>
        <DialogDescription>{T.withdrawBody(email)}</DialogDescription>
        <DialogActions>
          <DialogCancel>{T.cancel}</DialogCancel>
          <Button busy={withdrawing} onClick={onWithdraw}>
            {T.withdrawConfirm}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
