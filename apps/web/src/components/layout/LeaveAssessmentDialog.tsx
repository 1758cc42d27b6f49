import { SHELL_TEXT } from '../../content/shell';
import { Button } from '../ui/Button';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../ui/Dialog';
import styles from './LeaveAssessmentDialog.module.css';

/** Spec 01 §8: confirmation before leaving an assessment page for the member dashboard. */
export default function LeaveAssessmentDialog({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent prose className={styles.content} overlayClassName={styles.overlay}>
        <DialogTitle>{SHELL_TEXT.leaveAssessmentQuestion}</DialogTitle>
        <DialogDescription>{SHELL_TEXT.leaveAssessmentWarning}</DialogDescription>
        <DialogActions className={styles.actions}>
          {/* "No" first and focused: the safe choice is the default. */}
          <DialogCancel>{SHELL_TEXT.no}</DialogCancel>
          <Button onClick={onConfirm}>{SHELL_TEXT.yes}</Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
