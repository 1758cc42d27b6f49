import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachAccount } from '@bloom/contracts';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { StatusLine } from '../../../components/ui/StatusLine';
import { approveCoach, coachAccountsQuery, revokeCoachApproval } from '../api';
import { COACH_APPROVALS_TEXT as T } from '../admin-content';
import { fullName } from '../logic/dashboard';
import styles from '../Dashboard.module.css';

/**
 * Admins approve coaches here (DESIGN.md §5, decision 0019): under COACH_SIGNUP=approval a coach
 * waits for it, and revoking it sends them back to waiting; under open sign-up only an approved
 * coach's clients get their Professional plan included, and revoking only stops that. Each row
 * shows the state the server reports after every change, never one assumed from the button.
 * A change usually replaces the pressed button (Approve gives way to Revoke approval and back), so
 * once the list is read again the row takes the focus, unless it has moved elsewhere meanwhile, and
 * the panel's status line says what changed (WCAG 2.4.3, 4.1.3); a failure keeps its alert.
 */
export function CoachApprovals() {
  const queryClient = useQueryClient();
  const coaches = useQuery(coachAccountsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: coachAccountsQuery.queryKey });
  // A failed change shows its message until the next change starts; the list is read again either way.
  const [changeFailed, setChangeFailed] = useState(false);
  // What the last change did, as the list read again after it says; kept until the next change starts.
  const [news, setNews] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const changing = (change: 'approved' | 'revoked', what: string) => ({
    onMutate: () => {
      setChangeFailed(false);
      setNews(null);
    },
    // Awaited before the mutation settles, so the button stays busy until the row shows the new state.
    onSettled: async (_: unknown, error: Error | null, id: string) => {
      await refresh();
      if (error) return;
      const read = queryClient.getQueryState(coachAccountsQuery.queryKey);
      const coach = read?.status === 'success' ? read.data?.find((c) => c.id === id) : undefined;
      // Not read again (or gone): the row still shows what it showed, and its button stays.
      if (!coach) return;
      setNews(T.changed(coachName(coach), change, coach.coachStatus, coach.vetted));
      const row = rows.current.get(id);
      const focused = document.activeElement;
      if (row && (!focused || focused === document.body || row.contains(focused))) row.focus();
    },
    onError: (error: Error) => {
      setChangeFailed(true);
      console.error(`Could not ${what}`, error);
    },
  });
  const approve = useMutation({ mutationFn: approveCoach, ...changing('approved', 'approve the coach') });
  const revoke = useMutation({ mutationFn: revokeCoachApproval, ...changing('revoked', 'revoke the approval') });

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
      <StatusLine text={news} />
      {coaches.data?.length === 0 && <p>{T.empty}</p>}
      {coaches.data && coaches.data.length > 0 && (
        <ul role="list" className={styles.approvalList}>
          {coaches.data.map((coach) => {
            const name = coachName(coach);
            // Approve whoever cannot coach yet or does not include plans; revoke whatever revoking
            // would undo (a vetting, or under approval sign-up the coaching itself): a coach approved
            // without a vetting is offered both, so stopping them never first needs an approval.
            const approvable = !(coach.coachStatus === 'approved' && coach.vetted);
            return (
              <li
                key={coach.id}
                ref={(row) => {
                  if (row) rows.current.set(coach.id, row);
                  return () => {
                    rows.current.delete(coach.id);
                  };
                }}
                tabIndex={-1}
                aria-label={name}
                className={styles.approvalRow}
              >
                <span>
                  <strong>{name}</strong> <span className="bloom-muted">{coach.userName}</span>
                  <br />
                  <span className="bloom-muted">{T.coachState(coach.coachStatus, coach.vetted)}</span>
                </span>
                <span className={styles.approvalActions}>
                  {approvable && (
                    <Button size="small" aria-label={T.approveLabel(name)} keepFocusWhileBusy busy={approve.isPending && approve.variables === coach.id} onClick={() => approve.mutate(coach.id)}>
                      {T.approve}
                    </Button>
                  )}
                  {coach.revocable && (
                    <Button size="small" variant="secondary" aria-label={T.revokeLabel(name)} keepFocusWhileBusy busy={revoke.isPending && revoke.variables === coach.id} onClick={() => revoke.mutate(coach.id)}>
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

const coachName = (coach: CoachAccount) => fullName(coach.firstName, coach.lastName) || coach.userName;
