import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { DASHBOARD_TEXT as T } from '../content';

/** The dialog and Radix Dialog under it (13 KB gzip) load on the first click, not with the dashboard's first paint. */
const ChangeCoachDialog = lazy(() => import('./ChangeCoachDialog'));

interface Props {
  userId: string;
  currentCoachId: string | null;
}

/**
 * Spec 02 §4 "Coach change": the "Change/Remove Coach" button. It opens the dialog, which is
 * loaded on the first click and stays mounted after it (open or closed), so later clicks open at once.
 */
export function ChangeCoachButton({ userId, currentCoachId }: Props) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* What Radix's own DialogTrigger would say: it opens a dialog, and whether that is open. */}
      <Button
        ref={button}
        variant="secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {T.changeCoach}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ChangeCoachDialog userId={userId} currentCoachId={currentCoachId} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
