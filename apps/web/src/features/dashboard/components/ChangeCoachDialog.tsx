import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Dialog, DialogActions, DialogCancel, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { ListReadFailure, listReadFailed, listReadFailureId } from '../../../components/ui/ListReadFailure';
import type { FocusBack } from '../../../components/ui/DialogButton';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';
import { assessmentsQuery, assignCoach, coachListQuery, unassignCoach } from '../api';
import { DASHBOARD_TEXT as T } from '../content';
import { canSaveCoachChoice, fullName, NO_COACH } from '../logic/dashboard';
import styles from '../Dashboard.module.css';

interface Props {
  userId: string;
  currentCoachId: string | null;
}

/**
 * Spec 02 §4 "Coach change": the dialog of the "Change/Remove Coach" button (ChangeCoachButton,
 * a DialogButton, which loads this module on its first click). Pick a coach or "No Coach"; Save
 * stays disabled until a choice is made; success closes the dialog, then tells the page (`onChanged`,
 * which announces it, and after "No Coach" moves focus, as this button goes away); a
 * failure keeps the dialog open and says so. Focus goes back to the button on close (`focusBack`).
 */
export default function ChangeCoachDialog({
  userId,
  currentCoachId,
  open,
  onOpenChange,
  focusBack,
  onChanged,
}: Props & { open: boolean; onOpenChange: (open: boolean) => void; focusBack: FocusBack; onChanged: (removed: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={styles.dialog} onCloseAutoFocus={focusBack}>
        <CoachChoice userId={userId} currentCoachId={currentCoachId} onChanged={onChanged} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's body: mounted only while open, so the coach list loads when needed and the choice
 * starts empty. A list that could not be read (offline, a server error) is not shown as having no
 * coach (DESIGN.md §11): the failure is said at the list, which it describes, with Try again.
 * "No Coach" stays a choice, as it does not depend on the list; the message says the list is missing.
 */
export function CoachChoice({ userId, currentCoachId, onChanged, onDone }: Props & { onChanged: (removed: boolean) => void; onDone: () => void }) {
  const queryClient = useQueryClient();
  const coaches = useQuery(coachListQuery);
  const [choice, setChoice] = useState('');
  const selectId = useId();
  const listFailed = listReadFailed(coaches);
  const save = useMutation({
    mutationFn: () => (choice === NO_COACH ? unassignCoach(userId) : assignCoach(choice)),
    onSuccess: async () => {
      // Closed first, and at once: while open, the dialog hides the rest of the page from screen
      // readers (aria-hidden), so the page's status line would change unheard.
      flushSync(onDone);
      onChanged(choice === NO_COACH);
      // The coach id lives on the current user; the list's coach buttons depend on it.
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: assessmentsQuery.queryKey });
    },
    onError: (error) => console.error('Could not change the coach', error),
  });

  return (
    <>
      <DialogTitle>{T.coachDialogTitle}</DialogTitle>
      <DialogDescription className="bloom-muted">{T.coachDialogDescription}</DialogDescription>
      <form
        className={styles.dialogForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSaveCoachChoice(choice)) save.mutate();
        }}
      >
        <Field id={selectId} label={T.coachSelectLabel} className={styles.coachField}>
          {(control) => (
            <>
              <select
                {...control}
                aria-describedby={listFailed ? listReadFailureId(selectId) : control['aria-describedby']}
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
                aria-busy={coaches.isPending || undefined}
              >
                <option value="" disabled>
                  {coaches.isPending ? T.loadingCoaches : T.coachSelectPlaceholder}
                </option>
                {(coaches.data ?? []).map((coach) => (
                  <option key={coach.id} value={coach.id}>
                    {`${fullName(coach.firstName, coach.lastName)}${coach.id === currentCoachId ? T.currentCoachSuffix : ''}`}
                  </option>
                ))}
                <option value={NO_COACH}>{T.noCoach}</option>
              </select>
              <ListReadFailure
                listId={selectId}
                read={coaches}
                failedText={T.coachesFailed}
                loadingText={T.loadingCoaches}
                tryAgainText={T.tryAgain}
                retry={async () => !(await coaches.refetch()).isError}
              />
            </>
          )}
        </Field>
        {save.isError && (
          <p className="bloom-error" role="alert">
            {T.coachChangeFailed}
          </p>
        )}
        <DialogActions className={styles.dialogActions}>
          <DialogCancel>{T.cancel}</DialogCancel>
          <Button type="submit" disabled={!canSaveCoachChoice(choice)} busy={save.isPending}>
            {T.save}
          </Button>
        </DialogActions>
      </form>
    </>
  );
}
