import { CHANGE_BADGE_TEXT } from '../../content/progress';
import type { ChangeBadgeKind } from '../../lib/progress-changes';
import styles from './ChangeBadge.module.css';

const ARROWS: Record<ChangeBadgeKind, string> = { improved: '↑', declined: '↓', 'no-reliable-change': '=' };

/**
 * The badge of a change (issue 26): "improved", "declined" or "no reliable change". The word
 * carries the meaning; the arrow and colour only repeat it.
 */
export function ChangeBadge({ kind }: { kind: ChangeBadgeKind }) {
  return (
    <span className={`${styles.badge} ${styles[kind]}`} data-change={kind}>
      <span className={styles.arrow} aria-hidden="true">
        {ARROWS[kind]}
      </span>
      <span>{CHANGE_BADGE_TEXT[kind]}</span>
    </span>
  );
}
