import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { approveCoach, coachAccountsQuery, revokeCoachApproval } from '../api';
import { COACH_APPROVALS_TEXT as T } from '../admin-content';
import { fullName } from '../logic/dashboard';
import styles from '../Dashboard.module.css';

/**
 * Admins approve coaches here (DESIGN.md §5, decision 0019): under COACH_SIGNUP=approval a coach
 * waits for it, and revoking it sends them back to waiting; under open sign-up only an approved
 * coach's clients get their Professional plan included, and revoking only stops that. Each row
 * shows the state the server reports after every change, never one assumed from the button.
 */
export function CoachApprovals() {
  const queryClient = useQueryClient();
  const coaches = useQuery(coachAccountsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: coachAccountsQuery.queryKey });
  // A failed change shows its message until the next change starts; the list is read again either way.
  const [changeFailed, setChangeFailed] = useState(false);
  const changing = (what: string) => ({
    onMutate: () => setChangeFailed(false),
    onSettled: refresh,
    onError: (error: Error) => {
      setChangeFailed(true);
      console.error(`Could not ${what}`, error);
    },
  });
  const approve = useMutation({ mutationFn: approveCoach, ...changing('approve the coach') });
  const revoke = useMutation({ mutationFn: revokeCoachApproval, ...changing('revoke the approval') });

  return (
    <section className="bloom-panel" aria-labelledby="coach-approvals-title">
      <h2 id="coach-approvals-title" className={styles.sectionTitle}>
        {T.title}
      </h2>
      <p className="bloom-muted">{T.intro}</p>
      {coaches.isError && <p className="bloom-error">{T.failed}</p>}
      {changeFailed && (
        <p role="alert" className="bloom-error">
          {T.changeFailed}
        </p>
      )}
      {coaches.data?.length === 0 && <p>{T.empty}</p>}
      {coaches.data && coaches.data.length > 0 && (
        <ul role="list" className={styles.approvalList}>
          {coaches.data.map((coach) => {
            const name = fullName(coach.firstName, coach.lastName) || coach.userName;
            // Approve whoever cannot coach yet or does not include plans; revoke whatever revoking
            // would undo (a vetting, or under approval sign-up the coaching itself): a coach approved
            // without a vetting is offered both, so stopping them never first needs an approval.
            const approvable = !(coach.coachStatus === 'approved' && coach.vetted);
            return (
              <li key={coach.id} className={styles.approvalRow}>
                <span>
                  <strong>{name}</strong> <span className="bloom-muted">{coach.userName}</span>
                  <br />
                  <span className="bloom-muted">{T.coachState(coach.coachStatus, coach.vetted)}</span>
                </span>
                <span className={styles.approvalActions}>
                  {approvable && (
                    <Button size="small" aria-label={T.approveLabel(name)} busy={approve.isPending && approve.variables === coach.id} onClick={() => approve.mutate(coach.id)}>
                      {T.approve}
                    </Button>
                  )}
                  {coach.revocable && (
                    <Button size="small" variant="secondary" aria-label={T.revokeLabel(name)} busy={revoke.isPending && revoke.variables === coach.id} onClick={() => revoke.mutate(coach.id)}>
                      {T.revoke}
                    </Button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
