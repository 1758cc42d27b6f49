import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { Page } from '../../../components/ui/Page';
import { buttonClassName } from '../../../components/ui/Button';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { COACH_TEXT } from '../content';
import styles from '../Coach.module.css';

/**
 * Shows coach pages to approved coaches only. A coach awaiting approval sees that clearly
 * (DESIGN.md §5); anyone else is pointed to the coach sign-up page. When the lookup itself failed,
 * nobody is known yet: that is said, with a way to ask again, not "this page is for coaches".
 */
export function CoachGate({ children }: { children: ReactNode }) {
  const { user, isLoading, lookupFailed } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (lookupFailed) return <SignInCheckFailed pageTitle={COACH_TEXT.dashboard.title} classes={{ page: styles.page, panel: `${styles.panel} ${styles.notice}`, actions: styles.actions }} />;
  if (user?.userRoles.includes('Coach')) return <>{children}</>;
  const pending = user?.coachPending === true;
  const text = pending ? COACH_TEXT.pending : COACH_TEXT.notCoach;
  return (
    <Page className={styles.page}>
      <section className={`${styles.panel} ${styles.notice}`}>
        <h1 className="bloom-title">{text.title}</h1>
        <p className="bloom-lead">{text.body}</p>
        <div className={styles.actions}>
          {pending ? (
            <Link className={buttonClassName('secondary')} to="/Dashboard">
              {COACH_TEXT.dashboard.memberDashboard}
            </Link>
          ) : (
            <Link className={buttonClassName('primary')} to="/Coach">
              {COACH_TEXT.notCoach.link}
            </Link>
          )}
        </div>
      </section>
    </Page>
  );
}
