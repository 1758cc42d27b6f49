import { Link } from '../../../lib/router';
import { buttonClassName } from '../../../components/ui/Button';
import { invitationPlace, INVITATION_TEXT as T } from '../../../content/invitation';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { coachNameOf, useInvitationPreview } from '../../../hooks/useInvitationPreview';
import styles from './InvitationNotice.module.css';

/**
 * /Client?invite=…: who invites the person and where they will be placed, or, for a link that
 * no longer works, why and what to do (the page's own sign-up then goes on without it). A member
 * already signed in goes straight on to the onboarding screen, which accepts the invitation.
 */
export function InvitationNotice({ invite }: { invite: string }) {
  const state = useInvitationPreview(invite);
  const { isMember } = useCurrentUser();

  if (state.status === 'none') return null;
  if (state.status === 'checking') return <p role="status" className={styles.checking}>{T.checking}</p>;
  if (state.status === 'problem') {
    return (
      <section className={styles.problem} role="status" aria-labelledby="invitation-problem-title">
        <h2 id="invitation-problem-title" className={styles.title}>
          {T.problemTitle}
        </h2>
        <p>{T.problems[state.problem]}</p>
        {state.problem !== 'failed' && <p>{T.withoutInvitation}</p>}
      </section>
    );
  }
  const coach = coachNameOf(state.preview);
  return (
    <section className={styles.invitation} aria-labelledby="invitation-title">
      <h2 id="invitation-title" className={styles.title}>
        {T.invitedBy(coach)}
      </h2>
      <p>{T.joinAs(coach, invitationPlace(state.preview.organizationName, state.preview.groupName))}</p>
      <p>{isMember ? T.signedInHowToJoin : T.howToJoin}</p>
      {isMember && (
        <Link className={buttonClassName('primary')} to="/Client/Onboarding">
          {T.accept}
        </Link>
      )}
    </section>
  );
}
