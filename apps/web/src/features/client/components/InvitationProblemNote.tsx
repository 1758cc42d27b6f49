import { INVITATION_TEXT } from '../../../content/invitation';
import type { InvitationProblem } from '../../../lib/invitation-link';
import styles from '../pages/ClientOnboardingPage.module.css';

/** Onboarding's word about an invitation that did not work; the usual onboarding follows it. */
export function InvitationProblemNote({ problem }: { problem: InvitationProblem }) {
  return (
    <div className={styles.problem} role="status">
      <p>{INVITATION_TEXT.problems[problem]}</p>
    </div>
  );
}
