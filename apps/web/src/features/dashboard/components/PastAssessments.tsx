import type { MemberAssessment } from '@bloom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from '../../../lib/router';
import { AssessmentTypeBadge } from '../../../components/ui/AssessmentTypeBadge';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { assessmentLabels } from '../../../lib/assessment-dates';
import { assessmentsQuery, grantCoachAccess } from '../api';
import { DASHBOARD_TEXT as T } from '../content';
import { assessmentRowActions } from '../logic/assessmentRows';
import styles from '../Dashboard.module.css';

/**
 * The past assessments list (spec 02 §2): date, type, and the report and coach-access buttons; an
 * assessment without results (DESIGN.md §11) says so and, when it can be, offers to continue it.
 * Granting coach access replaces its button with a disabled one, which cannot hold focus: the row
 * takes it, and says what happened (or, when it failed, that nothing changed).
 */
export function PastAssessments({ assessments, hasCoach }: { assessments: readonly MemberAssessment[]; hasCoach: boolean }) {
  if (assessments.length === 0) return <p className="bloom-muted">{T.noAssessments}</p>;
  // Two assessments of one day are told apart by their time (issue 26).
  const dates = assessmentLabels(assessments.map((a) => a.date));
  return (
    <ul role="list" className={styles.assessmentList}>
      {assessments.map((assessment, index) => (
        <AssessmentRow key={assessment.id} assessment={assessment} date={dates[index] ?? ''} hasCoach={hasCoach} />
      ))}
    </ul>
  );
}

function AssessmentRow({ assessment, date, hasCoach }: { assessment: MemberAssessment; date: string; hasCoach: boolean }) {
  const queryClient = useQueryClient();
  const actions = assessmentRowActions(assessment, hasCoach);
  const type = assessment.isNinetyItem ? T.professional : T.rapid;
  const id = encodeURIComponent(assessment.id);
  const row = useRef<HTMLLIElement>(null);
  const grant = useMutation({
    mutationFn: () => grantCoachAccess(assessment.id),
    // Spec 02 §4: after granting, the item is set locally to granted.
    onSuccess: () => {
      queryClient.setQueryData(assessmentsQuery.queryKey, (current) =>
        current?.map((a) => (a.id === assessment.id ? { ...a, coachAccessGranted: true } : a)),
      );
      row.current?.focus();
    },
    onError: (error) => console.error('Could not grant coach access', error),
  });

  return (
    <li ref={row} tabIndex={-1} className={styles.assessmentRow} aria-label={T.assessmentLabel(type, date)}>
      <div className={styles.assessmentInfo}>
        <span className={styles.assessmentDate}>{date}</span>
        <AssessmentTypeBadge professional={assessment.isNinetyItem}>{type}</AssessmentTypeBadge>
        {actions.note && <span className={styles.notFinished}>{actions.note === 'not-finished' ? T.notFinished : T.questionsLeft}</span>}
      </div>
      <div className={styles.assessmentActions}>
        {actions.results === 'reports' && (
          <>
            <Link className={buttonClassName('secondary', 'small')} to={`/BloomProfileReport/${id}`}>
              {T.profile}
            </Link>
            <Link className={buttonClassName('primary', 'small')} to={`/PositivityPlan/${id}`}>
              {T.positivityPlan}
            </Link>
          </>
        )}
        {actions.results === 'pending' && <span className={styles.pending}>{T.pendingCoachApproval}</span>}
        {actions.continueTo && (
          // Beside results (some questions left, decision 0044) it is the quieter way on; without results, the only one.
          <Link className={buttonClassName(actions.results === 'continue' ? 'primary' : 'secondary', 'small')} to={actions.continueTo}>
            {T.continueAssessment}
          </Link>
        )}
        {actions.coachAccess === 'grant' && (
          <Button variant="quiet" size="small" busy={grant.isPending} onClick={() => grant.mutate()}>
            {T.grantCoachAccess}
          </Button>
        )}
        {actions.coachAccess === 'granted' && (
          <Button variant="quiet" size="small" disabled>
            {T.coachAccessGranted}
          </Button>
        )}
      </div>
      {grant.isError && (
        <p className={`bloom-error ${styles.rowNews}`} role="alert">
          {T.grantCoachAccessFailed}
        </p>
      )}
      <p className={`visually-hidden ${styles.rowNews}`} role="status">
        {grant.isSuccess ? T.coachAccessNowGranted : ''}
      </p>
    </li>
  );
}
