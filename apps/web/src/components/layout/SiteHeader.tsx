import type { CurrentUser } from '@bloom/contracts';
import { Link } from '../../lib/router';
import { BRAND } from '../../content/brand';
import { SHELL_TEXT } from '../../content/shell';
import { UserIcon } from '../ui/Icons';
import styles from './SiteHeader.module.css';

/** Spec 01 §2 "Page layout": fixed header with the logo and, on wide screens, the signed-in userName. */
export function SiteHeader({ user }: { user: CurrentUser | null }) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label={BRAND.homeLinkLabel}>
          <img className={styles.mark} src={BRAND.logoMarkSrc} alt="" width="44" height="33" />
          <span className={styles.wordmark}>{BRAND.name}</span>
        </Link>
        {user && (
          <p className={styles.user}>
            <span className={styles.avatar} aria-hidden="true">
              <UserIcon />
            </span>
            <span className="visually-hidden">{SHELL_TEXT.signedInAs} </span>
            <span className={styles.userName}>{user.userName}</span>
          </p>
        )}
      </div>
    </header>
  );
}
