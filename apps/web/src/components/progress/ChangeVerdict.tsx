import { CHANGE_VERDICT_TEXT } from '../../content/progress';
import { isBadge, type ChangeVerdict as Verdict } from '../../lib/progress-changes';
import { ChangeBadge } from './ChangeBadge';

/**
 * A measure's latest change (issue 26): its badge, or, when there is none, the plain words
 * "not judged" (a score on only some of its questions, decision 0061) or "not compared" (a score
 * missing on either side). Nothing before there is a pair of assessments.
 */
export function ChangeVerdict({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) return null;
  if (isBadge(verdict)) return <ChangeBadge kind={verdict} />;
  return (
    <span className="bloom-muted" data-verdict={verdict}>
      {CHANGE_VERDICT_TEXT[verdict]}
    </span>
  );
}
