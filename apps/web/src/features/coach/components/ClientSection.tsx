import type { CoachDashboardEntry } from '@bloom/contracts';
import { assessmentLabels } from '../../../lib/assessment-dates';
import { Link } from '../../../lib/router';
import { buttonClassName } from '../../../components/ui/Button';
import { CLIENT_LIST_TEXT } from '../client-list-content';
import { COACH_TEXT } from '../content';
import styles from '../Coach.module.css';
import { CoachAssessmentRow } from './CoachAssessmentRow';
import { Collapsible } from './Collapsible';

const T = COACH_TEXT.dashboard;

/**
 * A collapsible client row: first name, last name and user name, then their assessments.
 * `showPlacement` adds their organization and group (search results list every section).
 */
export function ClientSection({ entry, level, showPlacement = false }: { entry: CoachDashboardEntry; level: 3 | 4; showPlacement?: boolean }) {
  const { user, assessments } = entry;
  const name = [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
  // In the coach's time zone, like every assessment date; two on one day are told apart by their time (DESIGN §13).
  const dates = assessmentLabels(assessments.map((assessment) => assessment.date));
  const placement = user.group ? CLIENT_LIST_TEXT.placement(user.group.organization.organizationName, user.group.groupName.trim() || T.noGroup) : CLIENT_LIST_TEXT.independent;
  return (
    <Collapsible
      level={level}
      remember={user.id}
      className={styles.client}
      summary={
        <span className={styles.clientSummary}>
          <span className={styles.clientName}>{name || T.unnamedClient}</span>
          <span className={styles.userName}>{user.userName}</span>
          {showPlacement && <span className={styles.count}>{placement}</span>}
          <span className={styles.count}>{T.assessmentCount(assessments.length)}</span>
        </span>
      }
    >
      <div className={styles.clientActions}>
        <Link className={buttonClassName('secondary', 'small')} to={`/Progress/Client/${encodeURIComponent(user.id)}`}>
          {T.viewProgress}
          <span className="visually-hidden"> {T.ofClient(name || T.unnamedClient)}</span>
        </Link>
      </div>
      {/* Without assessments the row's header already says "No assessments": said once. */}
      {assessments.length > 0 && (
        <ul role="list" className={styles.assessmentList}>
          {assessments.map((assessment, index) => (
            <CoachAssessmentRow key={assessment.id} assessment={assessment} date={dates[index] ?? ''} clientName={name || T.unnamedClient} />
          ))}
        </ul>
      )}
    </Collapsible>
  );
}
