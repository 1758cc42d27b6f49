import * as Dialog from '@radix-ui/react-dialog';
import { SHELL_TEXT } from '../../content/shell';
import { Button } from '../ui/Button';
import styles from './LeaveAssessmentDialog.module.css';

/** Spec 01 §8: confirmation before leaving an assessment page for the member dashboard. */
export default function LeaveAssessmentDialog({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{SHELL_TEXT.leaveAssessmentQuestion}</Dialog.Title>
          <Dialog.Description className={styles.description}>{SHELL_TEXT.leaveAssessmentWarning}</Dialog.Description>
          <div className={styles.actions}>
            {/* "No" first and focused: the safe choice is the default. */}
            <Dialog.Close asChild>
              <Button variant="secondary">{SHELL_TEXT.no}</Button>
            </Dialog.Close>
            <Button onClick={onConfirm}>{SHELL_TEXT.yes}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
