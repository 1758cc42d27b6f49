import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { DialogButton } from '../../../components/ui/DialogButton';
import { ApiError } from '../../../lib/api';
import { invitationsQuery, resendInvitation, withdrawInvitation, type CoachInvitationView } from '../api';
import { coachDashboardKey } from '../hooks/useDashboardOutline';
import { INVITATIONS_TEXT as T } from '../invitations-content';
import { invitationDate, placementName } from '../logic/invitations';
import styles from './InvitationsPanel.module.css';

/**
 * Why Resend or Withdraw was refused, in the invite form's words for the server's code (the day's
 * limit says when to try again, an unconfirmed address or a missing name says what to do first);
 * accepted meanwhile says so. `not_found` is the form's missing organization or group, not a row's
 * invitation gone (withdrawn elsewhere): that, and anything without words, is the general sentence.
 */
export function rowRefusalText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'invitation_used') return T.accepted;
  return (code && code !== 'not_found' && T.refusals[code]) || T.actionFailed;
}

/** The Withdraw confirmation and Radix Dialog under it load on the first click, not with the dashboard's first paint. */
const WithdrawInvitationDialog = lazy(() => import('./WithdrawInvitationDialog'));

/**
 * The coach's invitations not yet accepted (pending, and expired in the last 30 days), newest mail
 * first. A withdrawn invitation's row goes, and its buttons with it: focus moves to the list's
 * heading, and the news (said in InvitationsPanel's live region) tells what happened.
 */
export function PendingInvitations({ onNews }: { onNews: (news: string) => void }) {
  const invitations = useQuery(invitationsQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusList = () => heading.current?.focus();
  return (
    <div className={styles.pending}>
      <h3 ref={heading} tabIndex={-1} className={styles.subtitle}>
        {T.pendingTitle}
      </h3>
      {invitations.isPending && <p className="bloom-muted">{T.loading}</p>}
      {invitations.isError && <p className="bloom-error">{T.pendingFailed}</p>}
      {invitations.data?.length === 0 && <p className="bloom-muted">{T.pendingEmpty}</p>}
      {invitations.data && invitations.data.length > 0 && (
        <ul className={styles.list} aria-label={T.pendingTitle}>
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} onNews={onNews} onGone={focusList} />
          ))}
        </ul>
      )}
    </div>
  );
}

function InvitationRow({ invitation, onNews, onGone }: { invitation: CoachInvitationView; onNews: (news: string) => void; onGone: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Withdrawn: the row is about to go, so the dialog's close puts focus on the list, not on Withdraw.
  const withdrawn = useRef(false);
  const name = [invitation.firstName, invitation.lastName].filter(Boolean).join(' ');
  const place = placementName(invitation);
  const expired = invitation.status === 'expired';

  // Accepted meanwhile (409 invitation_used): the person is a client now; both lists change.
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
    await queryClient.invalidateQueries({ queryKey: coachDashboardKey });
  };
  const failed = (error: unknown) => onNews(rowRefusalText(error));
  const resend = useMutation({
    mutationFn: () => resendInvitation(invitation.id),
    onSuccess: () => onNews(T.resent(invitation.email)),
    onError: failed,
    onSettled: refresh,
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawInvitation(invitation.id),
    onSuccess: () => {
      withdrawn.current = true;
      setConfirming(false);
      onNews(T.withdrawn(invitation.email));
    },
    onError: (error) => {
      setConfirming(false);
      failed(error);
    },
    onSettled: refresh,
  });

  return (
    <li className={styles.item}>
      <div className={styles.who}>
        <span className={styles.email}>{invitation.email}</span>
        {name && <span className="bloom-muted">{name}</span>}
      </div>
      <p className={styles.details}>
        <span>{place ? T.placedIn(place) : T.independent}</span>
        <span>
          {T.sentOn(invitationDate(invitation.sentAt))}, {expired ? T.expiredOn(invitationDate(invitation.expiresAt)) : T.expiresOn(invitationDate(invitation.expiresAt))}
        </span>
      </p>
      <div className={styles.itemActions}>
        <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()} aria-label={T.resendLabel(invitation.email)}>
          {T.resend}
        </Button>
        <DialogButton
          variant="secondary"
          aria-label={T.withdrawLabel(invitation.email)}
          open={confirming}
          onOpenChange={setConfirming}
          dialog={(focusBack) => (
            <WithdrawInvitationDialog
              email={invitation.email}
              open={confirming}
              onOpenChange={setConfirming}
              withdrawing={withdraw.isPending}
              onWithdraw={() => withdraw.mutate()}
              focusBack={(event) => {
                if (!withdrawn.current) return focusBack(event);
                event.preventDefault();
                onGone();
              }}
            />
          )}
        >
          {T.withdraw}
        </DialogButton>
      </div>
    </li>
  );
}
