import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';
import { assessmentsQuery, assignCoach, coachListQuery, unassignCoach } from '../api';
import { DASHBOARD_TEXT as T } from '../content';
import { canSaveCoachChoice, fullName, NO_COACH } from '../logic';
import styles from '../Dashboard.module.css';

interface Props {
  userId: string;
  currentCoachId: string | null;
}

/**
 * Spec 02 §4 "Coach change": the "Change/Remove Coach" button and its dialog. Pick a coach or
 * "No Coach"; Save stays disabled until a choice is made; success closes the dialog.
 * Focus returns to the button when the dialog closes (Radix Trigger).
 */
export function ChangeCoachDialog({ userId, currentCoachId }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">{T.changeCoach}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <CoachChoice userId={userId} currentCoachId={currentCoachId} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's body: mounted only while open, so the coach list loads when needed and the choice starts empty. */
function CoachChoice({ userId, currentCoachId, onDone }: Props & { onDone: () => void }) {
  const queryClient = useQueryClient();
  const coaches = useQuery(coachListQuery);
  const [choice, setChoice] = useState('');
  const selectId = useId();
  const save = useMutation({
    mutationFn: () => (choice === NO_COACH ? unassignCoach(userId) : assignCoach(choice)),
    onSuccess: async () => {
      // The coach id lives on the current user; the list's coach buttons depend on it.
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: assessmentsQuery.queryKey });
      onDone();
    },
    onError: (error) => console.error('Could not change the coach', error),
  });

  return (
    <>
      <Dialog.Title className={styles.dialogTitle}>{T.coachDialogTitle}</Dialog.Title>
      <Dialog.Description className={styles.muted}>{T.coachDialogDescription}</Dialog.Description>
      <form
        className={styles.dialogForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSaveCoachChoice(choice)) save.mutate();
        }}
      >
        <label htmlFor={selectId} className={styles.label}>
          {T.coachSelectLabel}
        </label>
        <select id={selectId} className={styles.select} value={choice} onChange={(event) => setChoice(event.target.value)} aria-busy={coaches.isPending || undefined}>
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
        <div className={styles.dialogActions}>
          <Dialog.Close asChild>
            <Button variant="secondary">{T.cancel}</Button>
          </Dialog.Close>
          <Button type="submit" disabled={!canSaveCoachChoice(choice)} busy={save.isPending}>
            {T.save}
          </Button>
        </div>
      </form>
    </>
  );
}
