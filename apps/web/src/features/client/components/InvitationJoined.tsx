import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { invitationPlace } from '../../../content/invitation';
import { coachNameOf, type InvitationPreview } from '../../../hooks/useInvitationPreview';
import { startProfessionalAssessment } from '../api';
import { INVITED_ONBOARDING_TEXT as T } from '../content';
import styles from '../pages/ClientOnboardingPage.module.css';

/** After accepting: says whose client the person now is and where, then leads to the assessment (a coach's: Professional, spec 02 §4). */
export function InvitationJoined({ preview }: { preview: InvitationPreview }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const coach = coachNameOf(preview);
  const place = invitationPlace(preview.organizationName, preview.groupName);
  // The form gave way to this news: move focus to it so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);

  async function start() {
    setBusy(true);
    setFailed(false);
    try {
      await startProfessionalAssessment();
      await navigate('/Pro/Experiences');
    } catch (error) {
      console.error('Starting the assessment failed', error);
      setBusy(false);
      setFailed(true);
    }
  }

  return (
    <Page className={styles.page}>
      <PageTitle title={T.joinedTitle(coach)} />
      <section className={styles.panel}>
        <h1 className="bloom-title" ref={heading} tabIndex={-1}>
          {T.joinedTitle(coach)}
        </h1>
        {place && <p className="bloom-lead">{T.joinedPlace(place)}</p>}
        <p>{T.privacy}</p>
        <div className={styles.joinedActions}>
          <Link className={buttonClassName('secondary', 'large')} to="/Dashboard">
            {T.dashboard}
          </Link>
          <Button size="large" busy={busy} onClick={() => void start()}>
            {T.start}
          </Button>
        </div>
        {failed && (
          <p className="bloom-error" role="alert">
            {T.startFailed}
          </p>
        )}
      </section>
    </Page>
  );
}
