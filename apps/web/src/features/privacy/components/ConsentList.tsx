import type { ConsentRecord, RevokeConsentRequest } from '@bloom/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { formatAssessmentDate } from '../../../lib/assessment-dates';
import { useConsents, useMyAssessments, useWithdrawConsent } from '../api';
import { PRIVACY_TEXT as T } from '../content';
import { consentAssessmentLabels, describeActor, describeConsent, sortConsents } from '../logic/consents';
import { WithdrawPreGrantButton } from './WithdrawPreGrantButton';
import styles from '../pages/PrivacyPage.module.css';

const recordElementId = (consentId: string) => `consent-record-${consentId}`;

/** The person's consent log with a Withdraw button on each permission that is still on. */
export function ConsentList() {
  const consents = useConsents(true);
  // For naming each shared assessment as the dashboard does; without it, the records' own dates do.
  const assessments = useMyAssessments(true);
  const withdraw = useWithdrawConsent();
  const [announcement, setAnnouncement] = useState('');
  const [pendingId, setPendingId] = useState<string | null>(null);
  // The record just withdrawn: its Withdraw button is gone, so focus goes to the record itself
  // (which now says "Withdrawn") instead of falling to the page's body.
  const [withdrawnId, setWithdrawnId] = useState<string | null>(null);
  useEffect(() => {
    if (!withdrawnId) return;
    document.getElementById(recordElementId(withdrawnId))?.focus();
    setWithdrawnId(null);
  }, [withdrawnId, consents.data]);

  async function onWithdraw(record: ConsentRecord, pastAssessments?: RevokeConsentRequest['pastAssessments']) {
    setPendingId(record.id);
    setAnnouncement('');
    try {
      await withdraw.mutateAsync({ consentId: record.id, pastAssessments });
      setAnnouncement(T.withdrawDone);
      setWithdrawnId(record.id);
    } catch (error) {
      console.error('Withdrawing a consent failed', error);
      setAnnouncement(T.withdrawFailed);
    } finally {
      setPendingId(null);
    }
  }

  // Two assessments of one day are told apart by their time, as on the dashboard (issue 26).
  const labels = consents.data ? consentAssessmentLabels(consents.data, assessments.data) : undefined;

  return (
    <>
      {/* Outcomes of Withdraw are announced to screen readers; focus moves only from a button that went. */}
      <p className={styles.announcement} role="status" aria-live="polite">
        {announcement}
      </p>
      {consents.isPending || assessments.isPending ? (
        <p role="status">{T.consentsLoading}</p>
      ) : consents.isError ? (
        <div className={styles.inlineError}>
          <p>{T.consentsFailed}</p>
          <Button variant="secondary" size="small" onClick={() => void consents.refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : consents.data.length === 0 ? (
        <p>{T.consentsEmpty}</p>
      ) : (
        <ul className={styles.consents}>
          {sortConsents(consents.data).map((record) => {
            const description = describeConsent(record, labels);
            const descriptionId = `consent-${record.id}`;
            return (
              <li key={record.id} id={recordElementId(record.id)} tabIndex={-1} className={styles.consent} data-state={record.revokedAt ? 'withdrawn' : 'active'}>
                <div>
                  <p id={descriptionId} className={styles.consentText}>
                    {description}
                  </p>
                  <p className={styles.consentDates}>
                    {T.given} {formatAssessmentDate(record.grantedAt)}
                    {describeActor(record.grantedBy) && ` ${describeActor(record.grantedBy)}`}
                    {record.revokedAt
                      ? ` · ${T.withdrawn} ${formatAssessmentDate(record.revokedAt)}${describeActor(record.revokedBy) ? ` ${describeActor(record.revokedBy)}` : ''}`
                      : ` · ${T.active}`}
                  </p>
                </div>
                {record.revocable && record.kind === 'pre_grant' ? (
                  <WithdrawPreGrantButton record={record} busy={pendingId === record.id} describedBy={descriptionId} onWithdraw={(choice) => onWithdraw(record, choice)} />
                ) : record.revocable && (
                  <Button variant="secondary" size="small" busy={pendingId === record.id} aria-describedby={descriptionId} onClick={() => void onWithdraw(record)}>
                    {pendingId === record.id ? T.withdrawing : T.withdraw}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
