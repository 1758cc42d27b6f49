import { lazy, useState } from 'react';
import { DialogButton } from '../../../components/ui/DialogButton';
import { DASHBOARD_TEXT as T } from '../content';

/** The dialog and Radix Dialog under it (13 KB gzip) load on the first click, not with the dashboard's first paint. */
const ChangeCoachDialog = lazy(() => import('./ChangeCoachDialog'));

interface Props {
  userId: string;
  currentCoachId: string | null;
  /** A change saved; `removed` after "No Coach", when this button goes away with the coach. */
  onChanged: (removed: boolean) => void;
}

/** Spec 02 §4 "Coach change": the "Change/Remove Coach" button, which opens its dialog. */
export function ChangeCoachButton({ userId, currentCoachId, onChanged }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton
      variant="secondary"
      open={open}
      onOpenChange={setOpen}
      dialog={(focusBack) => <ChangeCoachDialog userId={userId} currentCoachId={currentCoachId} open={open} onOpenChange={setOpen} focusBack={focusBack} onChanged={onChanged} />}
    >
      {T.changeCoach}
    </DialogButton>
  );
}
