import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button';
import { approveCoach, coachAccountsQuery, revokeCoachApproval } from '../api';
import { DASHBOARD_TEXT as T } from '../content';
import { fullName } from '../logic/dashboard';
import styles from '../Dashboard.module.css';

/**
 * Admins approve coaches here (DESIGN.md §5): under COACH_SIGNUP=approval a coach waits for it,
 * and under open sign-up only an approved coach's clients get their Professional plan included.
 */
export function CoachApprovals() {
  const queryClient = useQueryClient();
  const coaches = useQuery(coachAccountsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: coachAccountsQuery.queryKey });
  const approve = useMutation({ mutationFn: approveCoach, onSuccess: refresh, onError: (error) => console.error('Could not approve the coach', error) });
  const revoke = useMutation({ mutationFn: revokeCoachApproval, onSuccess: refresh, onError: (error) => console.error('Could not revoke the approval', error) });

  return (
    <section className="bloom-panel" aria-labelledby="coach-approvals-title">
      <h2 id="coach-approvals-title" className={styles.sectionTitle}>
        {T.adminTitle}
      </h2>
      <p className="bloom-muted">{T.adminIntro}</p>
      {coaches.isError && <p className="bloom-error">{T.adminFailed}</p>}
      {coaches.data?.length === 0 && <p>{T.adminEmpty}</p>}
      {coaches.data && coaches.data.length > 0 && (
        <ul role="list" className={styles.approvalList}>
          {coaches.data.map((coach) => {
            const name = fullName(coach.firstName, coach.lastName) || coach.userName;
            return (
              <li key={coach.id} className={styles.approvalRow}>
                <span>
                  <strong>{name}</strong> <span className="bloom-muted">{coach.userName}</span>
                  <br />
                  <span className="bloom-muted">{T.coachState(coach.coachStatus, coach.vetted)}</span>
                </span>
                {coach.vetted ? (
                  <Button size="small" variant="secondary" aria-label={T.revokeLabel(name)} busy={revoke.isPending && revoke.variables === coach.id} onClick={() => revoke.mutate(coach.id)}>
                    {T.revoke}
                  </Button>
                ) : (
                  <Button size="small" aria-label={T.approveLabel(name)} busy={approve.isPending && approve.variables === coach.id} onClick={() => approve.mutate(coach.id)}>
                    {T.approve}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
