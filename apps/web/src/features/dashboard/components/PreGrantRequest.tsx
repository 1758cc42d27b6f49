import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';
import { answerPreGrantRequest, preGrantRequestQuery } from '../api';
import { DASHBOARD_TEXT as T } from '../content';
import { fullName } from '../logic/dashboard';
import styles from '../Dashboard.module.css';

/**
 * The coach's "Grant all?" is a request (decision 0020): shown here until the client confirms
 * or declines it. The outcome stays on screen in a status line, which takes focus when the
 * panel's buttons go away.
 */
export function PreGrantRequest() {
  const queryClient = useQueryClient();
  const request = useQuery(preGrantRequestQuery);
  const [outcome, setOutcome] = useState('');
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const answer = useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: boolean }) => answerPreGrantRequest(id, confirm),
    onSuccess: async (_result, { confirm }) => {
      setOutcome(confirm ? T.preGrantConfirmed : T.preGrantDeclined);
      // The buttons are about to go: keep keyboard focus in the panel, on the outcome.
      outcomeRef.current?.focus();
      await queryClient.invalidateQueries({ queryKey: preGrantRequestQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      console.error('Could not answer the pre-grant request', error);
      setOutcome(T.preGrantFailed);
    },
  });
  const open = request.data;
  if (!open && !outcome) return null;

  return (
    <section className={`bloom-panel ${styles.notice}`} aria-labelledby="pre-grant-request-title">
      <h2 id="pre-grant-request-title" className={styles.sectionTitle}>
        {T.preGrantTitle}
      </h2>
      {open && (
        <>
          <p>{T.preGrantBody(fullName(open.coach.firstName, open.coach.lastName) || null)}</p>
          <div className={styles.requestActions}>
            <Button busy={answer.isPending && answer.variables?.confirm === true} disabled={answer.isPending} onClick={() => answer.mutate({ id: open.id, confirm: true })}>
              {T.preGrantConfirm}
            </Button>
            <Button variant="secondary" busy={answer.isPending && answer.variables?.confirm === false} disabled={answer.isPending} onClick={() => answer.mutate({ id: open.id, confirm: false })}>
              {T.preGrantDecline}
            </Button>
          </div>
        </>
      )}
      <p ref={outcomeRef} tabIndex={-1} role="status">
        {outcome}
      </p>
    </section>
  );
}
