import type { ReactNode } from 'react';
import styles from './Alert.module.css';

/**
 * What went wrong with the action just tried, said beside it: screen readers announce it as it
 * appears (role="alert"), so render it only once there is something to say, and drop it when
 * the person tries again. A light red box of its own, so it reads on light and dark panels alike;
 * a `div`, so that a panel's rules for its paragraphs (a light text colour on a dark band) miss it.
 */
export function Alert({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div role="alert" className={className ? `${styles.alert} ${className}` : styles.alert}>
      {children}
    </div>
  );
}
