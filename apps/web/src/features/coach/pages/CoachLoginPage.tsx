import { useEffect, useState } from 'react';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { Button } from '../../../components/ui/Button';
import { BRAND } from '../../../content/brand';
import { startLogin } from '../../../lib/login';
import { COACH_TEXT } from '../content';
import styles from '../Coach.module.css';

const T = COACH_TEXT.login;

/** /Coach (spec 02 §2): one "Signup / Login" button that hands over to the login provider. */
export default function CoachLoginPage() {
  const [busy, setBusy] = useState(false);

  // Coming "Back" from the provider restores this page from the back-forward cache: re-enable the button.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const go = () => {
    if (busy) return;
    setBusy(true);
    startLogin('Coach').catch((error: unknown) => {
      console.error('Could not start the coach sign-in', error);
      setBusy(false);
    });
  };

  return (
    <Page className={`${styles.page} ${styles.narrow}`}>
      <PageTitle title={T.title} />
      <section className={`${styles.panel} ${styles.hero}`}>
        <img className={styles.heroMark} src={BRAND.logoMarkSrc} alt="" width="72" height="54" />
        <h1 className="bloom-title">{T.title}</h1>
        <p className="bloom-lead">{T.intro}</p>
        <Button size="large" busy={busy} onClick={go}>
          {T.button}
        </Button>
      </section>
    </Page>
  );
}
