import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { SHELL_TEXT } from '../../content/shell';
import { DASHBOARD_PATH, floatingButtonsVisible, shouldConfirmLeaving } from '../../lib/floating-buttons';
import { ArrowUpIcon, HomeIcon } from '../ui/Icons';
import styles from './FloatingButtons.module.css';

/** Loaded only when someone actually asks to leave an assessment. */
const LeaveAssessmentDialog = lazy(() => import('./LeaveAssessmentDialog'));

/** Spec 01 §9: the Scroll to Top button appears past 200 px. */
const SCROLL_TO_TOP_THRESHOLD_PX = 200;

function useScrolledPast(thresholdPx: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > thresholdPx);
    // Reading scrollY forces a layout; on mount (while the first page is still being built)
    // that layout would be thrown away again, so the first reading waits for the next frame.
    const frame = window.requestAnimationFrame(() => update());
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [thresholdPx]);
  return past;
}

function scrollToTop(): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  // The button goes once the page is at its top, and its focus with it: the next Tab starts at the
  // top of the content, where the reader now is (WCAG 2.4.3), not at the bottom of the page.
  document.getElementById('main-content')?.focus({ preventScroll: true });
}

/** Spec 01 §2 "Floating buttons": for signed-in members, outside the dashboards. */
export function FloatingButtons({ pathname, isMember }: { pathname: string; isMember: boolean }) {
  const navigate = useNavigate();
  const scrolledPast = useScrolledPast(SCROLL_TO_TOP_THRESHOLD_PX);
  const [confirming, setConfirming] = useState(false);

  if (!floatingButtonsVisible(pathname, isMember)) return null;

  const goToDashboard = () => {
    if (shouldConfirmLeaving(pathname)) setConfirming(true);
    else void navigate(DASHBOARD_PATH);
  };

  return (
    <div className={styles.area}>
      {scrolledPast && (
        <button type="button" className={`${styles.floating} ${styles.round}`} onClick={scrollToTop} aria-label={SHELL_TEXT.scrollToTop} title={SHELL_TEXT.scrollToTop}>
          <ArrowUpIcon size={22} />
        </button>
      )}
      <button type="button" className={`${styles.floating} ${styles.dashboard}`} onClick={goToDashboard}>
        <HomeIcon size={22} />
        <span className={styles.dashboardText}>{SHELL_TEXT.memberDashboard}</span>
      </button>
      {confirming && (
        <Suspense fallback={null}>
          <LeaveAssessmentDialog
            onConfirm={() => {
              setConfirming(false);
              // Said yes to leaving here: a question page's leave guard does not ask a second time.
              navigate(DASHBOARD_PATH, { confirmed: true });
            }}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
