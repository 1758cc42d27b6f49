import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button';
import { approveCoach, pendingCoachesQuery } from '../api';
import { DASHBOARD_TEXT as T } from '../content';
import { fullName } from '../logic';
import styles from '../Dashboard.module.css';

/** Admins approve coach sign-ups here when COACH_SIGNUP=approval (DESIGN.md §5). */
export function CoachApprovals() {
  const queryClient = useQueryClient();
  const pending = useQuery(pendingCoachesQuery);
  const approve = useMutation({
    mutationFn: approveCoach,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingCoachesQuery.queryKey }),
    onError: (error) => console.error('Could not approve the coach', error),
  });

  return (
    <section className={styles.panel} aria-labelledby="coach-approvals-title">
      <h2 id="coach-approvals-title" className={styles.sectionTitle}>
        {T.adminTitle}
      </h2>
      <p className={styles.muted}>{T.adminIntro}</p>
      {pending.isError && <p className={styles.error}>{T.adminFailed}</p>}
      {pending.data?.length === 0 && <p>{T.adminEmpty}</p>}
      {pending.data && pending.data.length > 0 && (
        <ul role="list" className={styles.approvalList}>
          {pending.data.map((coach) => {
            const name = fullName(coach.firstName, coach.lastName) || coach.userName;
            return (
              <li key={coach.id} className={styles.approvalRow}>
                <span>
                  <strong>{name}</strong> <span className={styles.muted}>{coach.userName}</span>
                </span>
                <Button
                  size="small"
                  aria-label={T.approveLabel(name)}
                  busy={approve.isPending && approve.variables === coach.id}
                  onClick={() => approve.mutate(coach.id)}
                >
                  {T.approve}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
