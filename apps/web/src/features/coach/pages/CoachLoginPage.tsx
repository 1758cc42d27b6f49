import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { Button } from '../../../components/ui/Button';
import { BRAND } from '../../../content/brand';
import { useSignInStarter } from '../../../hooks/useSignInStarter';
import { COACH_TEXT } from '../content';
import styles from '../Coach.module.css';

const T = COACH_TEXT.login;

/** /Coach (spec 02 §2): one "Signup / Login" button that hands over to the login provider. */
export default function CoachLoginPage() {
  const signIn = useSignInStarter();

  return (
    <Page className={`${styles.page} ${styles.narrow}`}>
      <PageTitle title={T.title} />
      <section className={`${styles.panel} ${styles.hero}`}>
        <img className={styles.heroMark} src={BRAND.logoMarkSrc} alt="" width="72" height="54" />
        <h1 className="bloom-title">{T.title}</h1>
        <p className="bloom-lead">{T.intro}</p>
        <Button size="large" busy={signIn.busy !== null} onClick={() => signIn.start('Coach')}>
          {T.button}
        </Button>
      </section>
    </Page>
  );
}
