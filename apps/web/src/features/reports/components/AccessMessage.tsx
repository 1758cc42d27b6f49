import { Link } from '../../../lib/router';
import { BRAND } from '../../../content/brand';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/layout/PageTitle';
import { useSignInStarter } from '../../../hooks/useSignInStarter';
import { ACCESS_TEXT } from '../content/report';
import styles from '../Reports.module.css';

type Kind = 'sign-in' | 'pending-coach-approval' | 'incomplete' | 'not-found' | 'coach-plan-locked';

const COPY: Record<Exclude<Kind, 'coach-plan-locked'>, { title: string; body: string }> = {
  'sign-in': { title: ACCESS_TEXT.signInTitle, body: ACCESS_TEXT.signInBody },
  'pending-coach-approval': { title: ACCESS_TEXT.pendingTitle, body: ACCESS_TEXT.pendingBody },
  incomplete: { title: ACCESS_TEXT.incompleteTitle, body: ACCESS_TEXT.incompleteBody },
  'not-found': { title: ACCESS_TEXT.notFoundTitle, body: ACCESS_TEXT.notFoundBody },
};

/**
 * Why a report cannot be shown, with the one useful next step: sign in, the member's dashboard,
 * or for a coach (`coach-plan-locked`, with the client's name when known) the coach dashboard.
 * Signing in from here is spec 01 §4's End flow: it goes to the latest assessment's plan.
 */
export function AccessMessage({ kind, clientName = null }: { kind: Kind; clientName?: string | null }) {
  const signIn = useSignInStarter();
  const { title, body } = kind === 'coach-plan-locked' ? { title: ACCESS_TEXT.coachLockedTitle, body: ACCESS_TEXT.coachLockedBody(clientName) } : COPY[kind];

  return (
    <section className={styles.message} aria-labelledby="report-message-title">
      <PageTitle title={title} />
      <img className={styles.messageMark} src={BRAND.logoMarkSrc} alt="" width="72" height="54" />
      <h1 id="report-message-title">{title}</h1>
      <p>{body}</p>
      <div className={styles.actions}>
        {kind === 'sign-in' ? (
          <Button onClick={() => signIn.start('End', 'sign-up')} busy={signIn.busy !== null}>
            {ACCESS_TEXT.signInButton}
          </Button>
        ) : kind === 'coach-plan-locked' ? (
          <Link className={buttonClassName('primary')} to="/CoachDashboard">
            {ACCESS_TEXT.toCoachDashboard}
          </Link>
        ) : (
          <Link className={buttonClassName('primary')} to="/Dashboard">
            {ACCESS_TEXT.toDashboard}
          </Link>
        )}
      </div>
      {signIn.failed && <p role="alert">{ACCESS_TEXT.signInFailed}</p>}
    </section>
  );
}
