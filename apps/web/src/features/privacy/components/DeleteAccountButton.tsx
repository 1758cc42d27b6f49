import { lazy, useState } from 'react';
import { DialogButton } from '../../../components/ui/DialogButton';
import { PRIVACY_TEXT as T } from '../content';
import styles from '../pages/PrivacyPage.module.css';

/** The confirmation, with Radix Dialog (13 KB gzip), the deletion call and the sign-out redirect, loads on the first click, not with the page's first paint. */
const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog'));

/** "Delete my account…", which opens its confirmation (DeleteAccountDialog). */
export function DeleteAccountButton({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton className={styles.danger} open={open} onOpenChange={setOpen} dialog={(focusBack) => <DeleteAccountDialog open={open} onOpenChange={setOpen} focusBack={focusBack} onDeleted={onDeleted} />}>
      {T.deleteOpen}
    </DialogButton>
  );
}
