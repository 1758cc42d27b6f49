import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { COACH_TEXT } from '../content';
import { GRANT_ACCESS_TEXT } from '../grant-access-content';

const T = COACH_TEXT.dashboard;

interface Props {
  clientName: string;
  date: string;
  /** A former coach released them already: the client sees them, and this release makes it this coach's. */
  releasedBefore: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onGrant: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The confirmation of an assessment's "Grant client access" button (CoachAssessmentRow), loaded
 * on its first click: releasing results to the client cannot be undone, so it asks first. It says
 * what the client will get: the Positivity Plan only when this coach's release includes it (the
 * current user's `coachIncludesPlans`, decisions 0019 and 0056); not knowing, it promises no plan.
 */
export default function GrantClientAccessDialog({ clientName, date, releasedBefore, open, onOpenChange, onGrant, onCloseAutoFocus }: Props) {
  const includesPlan = useCurrentUser().user?.coachIncludesPlans === true;
  const text = releasedBefore ? GRANT_ACCESS_TEXT.again : GRANT_ACCESS_TEXT.first;
  const title = text.title;
  const body = text.body(clientName, date, includesPlan);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent alert onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{body}</DialogDescription>
        <DialogActions>
          {/* Cancel first, and focused on opening: the safe choice is the default. */}
          <DialogCancel>{T.cancel}</DialogCancel>
          <Button onClick={onGrant}>{T.grantClientAccessConfirm}</Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
