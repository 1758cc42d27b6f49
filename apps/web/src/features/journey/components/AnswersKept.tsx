import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { api } from '../../../lib/api-client';
import { latestAssessmentQuery } from '../api/arrival-reads';
import { ANSWERS_KEPT_TEXT as T } from '../content/answers-kept';
import styles from './AnswersKept.module.css';

/**
 * What a journey page says once the server refused its answers because the assessment's Positivity
 * Plan was bought (409 answers_locked, decision 0074): the plan was made from these answers, so
 * they stay as they are, and retaking the assessment is the way to answer again. Loaded only then
 * (on the question pages by SessionEnded, itself lazy; on Life Situations by a lazy import of its
 * own), so no page's first paint carries it.
 *
 * The refused answers went to the person's latest assessment, which is the bought one: its read
 * says which plan to link to and which assessment to retake. It takes the focus when it appears
 * (the control that had it is disabled now) and is announced; a retake that fails says so in a
 * live region already in the block.
 */
export function AnswersKept({ subject = 'answers' }: { subject?: 'answers' | 'lifeSituations' }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const latest = useQuery(latestAssessmentQuery());
  const [retaking, setRetaking] = useState(false);
  const [failed, setFailed] = useState(false);
  const focusOnAppear = useCallback((node: HTMLElement | null) => node?.focus(), []);

  if (latest.isPending) return null;
  const assessment = latest.data ?? null;
  const kind = (assessment ? assessment.isNinetyItem : pathname.startsWith('/Pro')) ? 'Professional' : 'Rapid';

  async function retake() {
    if (retaking) return;
    setRetaking(true);
    setFailed(false);
    try {
      await api.createNewAssessment({ type: kind });
      const first = kind === 'Rapid' ? '/Rapid/Experiences' : '/Pro/Experiences';
      // A question page keeps the answers it opened with: the new assessment's first page, when it
      // is the page shown now, is loaded anew rather than moved to (which would keep this one).
      if (pathname === first) window.location.assign(first);
      else navigate(first);
    } catch (error) {
      console.error(`Could not start a new ${kind} assessment`, error);
      setFailed(true);
      setRetaking(false);
    }
  }

  return (
    <div ref={focusOnAppear} tabIndex={-1} className={styles.note} role="alert">
      <p className={styles.lead}>{subject === 'answers' ? T.answers : T.lifeSituations}</p>
      <p>{T.howToAnswerAgain}</p>
      <div className={styles.actions}>
        <Button className={styles.button} onClick={() => void retake()} busy={retaking} keepFocusWhileBusy>
          {kind === 'Rapid' ? T.retakeRapid : T.retakeProfessional}
        </Button>
        <Link className={buttonClassName('outline', 'medium', styles.button)} to={assessment ? `/PositivityPlan/${assessment.id}` : '/Dashboard'}>
          {assessment ? T.viewPlan : T.goToDashboard}
        </Link>
      </div>
      <p role="status" className={failed ? styles.failed : 'visually-hidden'}>
        {failed ? T.retakeFailed : ''}
      </p>
    </div>
  );
}
