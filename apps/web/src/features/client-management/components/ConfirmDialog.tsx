import { useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';

export interface ConfirmRequest {
  message: string;
  onConfirm: () => Promise<void>;
}

/**
 * Spec 02 §4: deleting an organization, a group or a client asks first; Confirm calls the
 * server and reloads, Cancel closes. A deletion that failed keeps the dialog open and says so. Focus goes back to where it was (or to the page title
 * when that control was deleted).
 */
export function ConfirmDialog({ request, busy, error, onCancel, onConfirm, fallbackFocus }: {
  request: ConfirmRequest | null;
  busy: boolean;
  /** Why the last Confirm did nothing, shown (and announced) above the buttons. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent
        alert
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = opener.current?.isConnected ? opener.current : fallbackFocus();
          target?.focus();
        }}
      >
        <DialogTitle>{T.confirmTitle}</DialogTitle>
        <DialogDescription>{request?.message}</DialogDescription>
        <p className="bloom-muted">{T.deletionNote}</p>
        {error && (
          <p className="bloom-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions>
          <DialogCancel disabled={busy}>{T.cancel}</DialogCancel>
          <Button busy={busy} onClick={onConfirm}>
            {T.confirm}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
