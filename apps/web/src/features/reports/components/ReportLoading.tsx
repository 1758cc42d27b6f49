import { BRAND } from '../../../content/brand';
import { Button } from '../../../components/ui/Button';
import { StatusLine } from '../../../components/ui/StatusLine';
import { LOADING_TEXT } from '../content/report';
import { useLoadingProgress } from '../hooks/useLoadingProgress';
import styles from './ReportLoading.module.css';

export interface ReportLoadingProps {
  title: string;
  steps: readonly string[];
  durationMs: number;
  dataArrived: boolean;
  /** The report call failed: show the spec's error text with a retry. */
  failed: boolean;
  onRetry: () => void;
}

/** The report loading screen of spec 02 §4: step labels, a 100 ms progress bar, a "taking longer" note. */
export function ReportLoading({ title, steps, durationMs, dataArrived, failed, onRetry }: ReportLoadingProps) {
  const progress = useLoadingProgress(durationMs, steps.length, dataArrived || failed);
  return (
    <section className={styles.loading} aria-labelledby="report-loading-title">
      <img className={styles.mark} src={BRAND.logoMarkSrc} alt="" width="88" height="66" />
      <h1 id="report-loading-title" className={styles.title}>
        {title}
      </h1>
      {failed ? (
        <div className={styles.error} role="alert">
          <p>{LOADING_TEXT.error}</p>
          <Button onClick={onRetry}>{LOADING_TEXT.retry}</Button>
        </div>
      ) : (
        <>
          <div
            className={styles.bar}
            role="progressbar"
            aria-label={LOADING_TEXT.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-valuetext={`${progress.percent}%: ${steps[progress.stepIndex] ?? ''}`}
          >
            <div className={styles.fill} style={{ transform: `scaleX(${progress.percent / 100})` }} />
          </div>
          <ol className={styles.steps} aria-label={LOADING_TEXT.stepsLabel}>
            {steps.map((step, index) => {
              const state = index < progress.stepIndex ? styles.done : index === progress.stepIndex ? styles.current : undefined;
              return (
                <li key={step} className={state} aria-current={index === progress.stepIndex ? 'step' : undefined}>
                  <span className={styles.dot} aria-hidden="true" />
                  {step}
                </li>
              );
            })}
          </ol>
          {/* A live region already in the page, filled when the wait runs long: one inserted
              with its text already in it often goes unsaid (StatusLine). */}
          <StatusLine text={progress.takingLonger ? LOADING_TEXT.takingLonger : null} className={styles.longer} />
        </>
      )}
    </section>
  );
}
