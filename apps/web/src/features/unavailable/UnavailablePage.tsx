import { Link } from 'react-router';
import { PageTitle } from '../../components/layout/PageTitle';
import { buttonClassName } from '../../components/ui/Button';
import { BRAND } from '../../content/brand';
import { SHELL_TEXT } from '../../content/shell';
import styles from './UnavailablePage.module.css';

/** An honest stand-in for screens of spec 02 that are not built yet. */
export default function UnavailablePage() {
  return (
    <section className={styles.page} aria-labelledby="unavailable-title">
      <PageTitle title={SHELL_TEXT.unavailableTitle} />
      <div className={styles.card}>
        <img className={styles.mark} src={BRAND.logoMarkSrc} alt="" width="72" height="54" />
        <h1 id="unavailable-title" className={styles.title}>
          {SHELL_TEXT.unavailableTitle}
        </h1>
        <p className={styles.body}>{SHELL_TEXT.unavailableBody}</p>
        <Link to="/" className={buttonClassName('primary')}>
          {SHELL_TEXT.backHome}
        </Link>
      </div>
    </section>
  );
}
