import { BRAND } from '../../content/brand';
import { SHELL_TEXT } from '../../content/shell';
import styles from './LoadingScreen.module.css';

/** The "Loading..." state of spec 01 (app start, sign-in callbacks); reusable by any page that waits. */
export function LoadingScreen({ fullPage = false, label = SHELL_TEXT.loading }: { fullPage?: boolean; label?: string }) {
  return (
    <div className={fullPage ? `${styles.loading} ${styles.fullPage}` : styles.loading} role="status">
      <img className={styles.mark} src={BRAND.logoMarkSrc} alt="" width="72" height="54" />
      <p>{label}</p>
    </div>
  );
}
