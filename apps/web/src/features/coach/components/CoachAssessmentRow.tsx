import type { CoachAssessmentSummary } from '@bloom/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { AssessmentTypeBadge } from '../../../components/ui/AssessmentTypeBadge';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { DialogButton } from '../../../components/ui/DialogButton';
import { StatusLine } from '../../../components/ui/StatusLine';
import { grantClientAccess } from '../api';
import { COACH_TEXT } from '../content';
import { coachDashboardKey } from '../hooks/useDashboardOutline';
import { withClientAccessGranted, type LoadedClientPages } from '../logic/client-pages';
import styles from '../Coach.module.css';

const T = COACH_TEXT.dashboard;

/** The confirmation and Radix Dialog under it load on the first click, not with the dashboard's first paint. */
const GrantClientAccessDialog = lazy(() => import('./GrantClientAccessDialog'));

/**
 * One assessment of a client (spec 02 §2 "Coach Dashboard", §4 "Coach-side access"): the three
 * report buttons, disabled and reading "Pending client permission" until the client grants
 * coach access, and the client-access button for Professional assessments ("N/A" otherwise).
 * Releasing results to the client cannot be undone, so the button asks first and says so. The
 * button reads "Client access granted" only once the server has done it; a refusal is said beside it.
 * Results a former coach released are granted to the client but not through this coach: the
 * button stays "Grant client access", with the same confirmation, since this coach's release is
 * the one that includes the plan (decision 0056).
 * What it shows comes from the dashboard's cached client pages, which a grant updates: a row
 * collapsed (unmounted) and opened again, or the same client in a search, still says granted.
 */
/** `date`: the assessment's label in the client's list (ClientSection), in the coach's time zone. */
export function CoachAssessmentRow({ assessment, date, clientName }: { assessment: CoachAssessmentSummary; date: string; clientName: string }) {
  const queryClient = useQueryClient();
  // Said in the row's polite status line (always there, only its text changes) once this grant has gone through.
  const [grantedNow, setGrantedNow] = useState(false);
  // Released by this coach; also from this row's own grant: a list read that started before it may write back pages from before it.
  const clientAccess = (assessment.clientAccessGranted && assessment.releasedByThisCoach) || grantedNow;
  // Open to the client through a former coach's release, which this coach may make their own (decision 0056).
  const releasedBefore = assessment.clientAccessGranted && !assessment.releasedByThisCoach;
  // Kept from the press: the cached pages say "released by this coach" as soon as the grant is through.
  const overFormer = useRef(false);
  const [granting, setGranting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const released = useRef(false);
  const rowRef = useRef<HTMLLIElement>(null);
  const type = assessment.isNinetyItem ? T.professional : T.rapid;
  const id = encodeURIComponent(assessment.id);

  async function grant() {
    overFormer.current = releasedBefore;
    released.current = true;
    setConfirming(false);
    setFailed(false);
    setGranting(true);
    try {
      await grantClientAccess(assessment.id);
      // Spec 02 §4: the local state changes after the call, but only when the call succeeded:
      // "Client access granted" after a refusal would tell the coach the client can read it.
      // Every loaded list holding the assessment (a section's pages, a search's) now says granted.
      queryClient.setQueriesData<LoadedClientPages>({ queryKey: [...coachDashboardKey, 'clients'] }, (pages) => withClientAccessGranted(pages, assessment.id));
      setGrantedNow(true);
    } catch (error) {
      console.error('Could not grant client access', error);
      released.current = false;
      setFailed(true);
    } finally {
      setGranting(false);
    }
  }

  const reportLink = (to: string, label: string, variant: 'primary' | 'secondary') =>
    assessment.coachAccessGranted ? (
      <Link className={buttonClassName(variant, 'small')} to={to}>
        {label}
      </Link>
    ) : (
      <Button variant={variant} size="small" disabled>
        {T.pendingClientPermission}
      </Button>
    );

  return (
    <li ref={rowRef} tabIndex={-1} className={styles.assessmentRow}>
      <div className={styles.assessmentInfo}>
        <span className={styles.assessmentDate}>{date}</span>
        <AssessmentTypeBadge professional={assessment.isNinetyItem}>{type}</AssessmentTypeBadge>
      </div>
      <div className={styles.assessmentActions} role="group" aria-label={T.assessmentActions(type, date)}>
        {reportLink(`/BloomProfileReport/${id}`, T.profile, 'secondary')}
        {reportLink(`/PositivityPlan/${id}`, T.positivityPlan, 'secondary')}
        {reportLink(`/CoachSupplement/${id}`, T.viewSupplement, 'primary')}
        {assessment.isNinetyItem ? (
          <DialogButton
            variant="quiet"
            size="small"
            disabled={clientAccess}
            busy={granting}
            open={confirming}
            onOpenChange={setConfirming}
            dialog={(focusBack) => (
              <GrantClientAccessDialog
                clientName={clientName}
                date={date}
                releasedBefore={releasedBefore}
                open={confirming}
                onOpenChange={setConfirming}
                onGrant={() => void grant()}
                onCloseAutoFocus={(event) => {
                  // After releasing, the button it came from is disabled for good: keep focus on this assessment instead.
                  if (!released.current) return focusBack(event);
                  event.preventDefault();
                  rowRef.current?.focus();
                }}
              />
            )}
          >
            {clientAccess ? T.clientAccessGranted : T.grantClientAccess}
          </DialogButton>
        ) : (
          <Button variant="quiet" size="small" disabled>
            {/* Named "Client access: N/A" (WCAG 4.1.2, 2.4.6), showing only "N/A" (spec 02 §2). */}
            <span className="visually-hidden">{T.clientAccessHidden} </span>
            {T.notApplicable}
          </Button>
        )}
      </div>
      {failed && (
        <p className={`bloom-error ${styles.rowProblem}`} role="alert">
          {releasedBefore ? T.releaseAgain.failed : T.grantClientAccessFailed}
        </p>
      )}
      <StatusLine text={grantedNow ? (overFormer.current ? T.releaseAgain.done : T.clientAccessNowGranted) : null} />
    </li>
  );
}
