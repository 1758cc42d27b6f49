import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import styles from '../ClientManagement.module.css';

export interface ConfirmRequest {
  message: string;
  onConfirm: () => Promise<void>;
}

/**
 * Spec 02 §4: deleting an organization, a group or a client asks first; Confirm calls the
 * server and reloads, Cancel closes. Focus goes back to where it was (or to the page title
 * when that control was deleted).
 */
export function ConfirmDialog({ request, busy, onCancel, onConfirm, fallbackFocus }: {
  request: ConfirmRequest | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          role="alertdialog"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current?.isConnected ? opener.current : fallbackFocus();
            target?.focus();
          }}
        >
          <Dialog.Title className={styles.dialogTitle}>{T.confirmTitle}</Dialog.Title>
          <Dialog.Description className={styles.dialogText}>{request?.message}</Dialog.Description>
          <p className={styles.muted}>{T.deletionNote}</p>
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                {T.cancel}
              </Button>
            </Dialog.Close>
            <Button busy={busy} onClick={onConfirm}>
              {T.confirm}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
