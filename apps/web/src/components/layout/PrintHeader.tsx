import type { CurrentUser } from '@bloom/contracts';
import { BRAND } from '../../content/brand';
import styles from './PrintHeader.module.css';

/** The header of printed pages: logo plus the person's first and last name. */
export function PrintHeader({ user }: { user: CurrentUser | null }) {
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <div className={styles.printHeader} aria-hidden="true">
      <span className={styles.brand}>
        <img className={styles.mark} src={BRAND.logoMarkSrc} alt="" width="40" height="30" />
        {BRAND.name}
      </span>
      {fullName && <span className={styles.name}>{fullName}</span>}
    </div>
  );
}
