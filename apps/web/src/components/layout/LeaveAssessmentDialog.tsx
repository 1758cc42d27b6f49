import { useState } from 'react';
import { LEAVE_ASSESSMENT_TEXT as T } from '../../content/leave-assessment';
import { Button } from '../ui/Button';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../ui/Dialog';
import styles from './LeaveAssessmentDialog.module.css';

/** Spec 01 §8: confirmation before leaving an assessment page for the member dashboard. */
export default function LeaveAssessmentDialog({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  // The dialog has no Radix trigger, so Radix has nothing to give the focus back to on close: the
  // control that opened it (the floating "Member Dashboard" button) gets it back (WCAG 2.4.3).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        prose
        className={styles.content}
        overlayClassName={styles.overlay}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener?.isConnected) opener.focus();
        }}
      >
        <DialogTitle>{T.question}</DialogTitle>
        <DialogDescription>{T.warning}</DialogDescription>
        <DialogActions className={styles.actions}>
          {/* "No" first and focused: the safe choice is the default. */}
          <DialogCancel>{T.no}</DialogCancel>
          <Button onClick={onConfirm}>{T.yes}</Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
