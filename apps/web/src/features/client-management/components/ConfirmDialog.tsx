import { useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';

export interface ConfirmRequest {
  /**
   * The question; null while the clients it names are being counted (read afresh when Delete is
   * pressed), or when that read failed: then `retry` reads again, and the dialog's error says why.
   */
  message: string | null;
  retry?: () => void;
}

/**
 * Spec 02 §4: deleting an organization, a group or a client asks first; Confirm calls the
 * server and reloads, Cancel closes. A deletion that failed keeps the dialog open and says so. Focus goes back to where it was (or to the page title
 * when that control was deleted). While the count it states is being read, it says so and Confirm
 * waits; a failed read offers Try again, never a count it is not sure of.
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
        <DialogDescription>{request?.message ?? (request?.retry ? T.countUnknown : T.countingClients)}</DialogDescription>
        <p className="bloom-muted">{T.deletionNote}</p>
        {error && (
          <p className="bloom-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions>
          <DialogCancel disabled={busy}>{T.cancel}</DialogCancel>
          {/* One button, Confirm or Try again, so a Try again pressed with the keyboard keeps its focus through the count. */}
          <Button busy={busy || (request?.message === null && !request.retry)} keepFocusWhileBusy onClick={request?.retry ?? onConfirm}>
            {request?.retry ? T.tryAgain : T.confirm}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
