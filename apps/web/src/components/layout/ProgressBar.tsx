import { BRAND } from '../../content/brand';
import { JOURNEY_STEPS } from '../../content/journey-steps';
import { SHELL_TEXT } from '../../content/shell';
import { stepStates } from '../../lib/progress-steps';
import { CheckIcon } from '../ui/Icons';
import styles from './ProgressBar.module.css';

const STATE_TEXT = { visited: 'completed', active: 'current step', default: 'not started' } as const;

/** Spec 01 §2 "Progress bar": five steps, shown only on journey routes. */
export function ProgressBar({ pathname }: { pathname: string }) {
  const states = stepStates(JOURNEY_STEPS, pathname);
  if (!states.includes('active')) return null;

  return (
    <nav className={styles.progress} aria-label={SHELL_TEXT.progressLabel}>
      <ol className={styles.steps}>
        {JOURNEY_STEPS.map((step, index) => {
          const state = states[index] ?? 'default';
          return (
            <li key={step.id} className={[styles.step, styles[state]].filter(Boolean).join(' ')} aria-current={state === 'active' ? 'step' : undefined}>
              <span className={styles.dot} aria-hidden="true">
                {state === 'visited' ? <CheckIcon size={16} strokeWidth={3} /> : index + 1}
              </span>
              <span className={styles.label}>
                {step.label}
                <span className="visually-hidden"> ({STATE_TEXT[state]})</span>
              </span>
              {state === 'active' ? (
                <img className={styles.marker} src={BRAND.progressMarkerSrc} alt="" width="34" height="26" />
              ) : (
                <span className={styles.markerSpace} aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
