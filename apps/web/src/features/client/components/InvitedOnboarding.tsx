import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Button } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { invitationPlace, INVITATION_TEXT } from '../../../content/invitation';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';
import { coachNameOf, type InvitationPreview } from '../../../hooks/useInvitationPreview';
import { forgetInvite, invitationProblem, isFinalProblem, type InvitationProblem } from '../../../lib/invitation-link';
import { acceptInvitation } from '../api';
import { INVITED_ONBOARDING_TEXT as T, ONBOARDING_TEXT } from '../content';
import { missingNames, type NameField } from '../logic/onboarding';
import styles from '../pages/ClientOnboardingPage.module.css';
import { NameFields, useFocusAfterRender, type NameValues } from './NameFields';

interface Props {
  invite: string;
  preview: InvitationPreview;
  initialName: NameValues;
  /** The coach's client now: the page says so. */
  onJoined: () => void;
  /** The server refused the link for good: the page goes on without it. */
  onRefused: (problem: InvitationProblem) => void;
}

/**
 * Onboarding through a coach's invitation (issue 25 §4): the name, then "Join", which accepts
 * the invitation; the coach, organization and group come from it, so there is nothing to choose.
 * Join is always there: pressed with a name missing, it sends nothing, marks each missing name
 * and takes the focus to the first (WCAG 3.3.1; a provider may send no family name).
 */
export function InvitedOnboarding({ invite, preview, initialName, onJoined, onRefused }: Props) {
  const queryClient = useQueryClient();
  const [name, setName] = useState<NameValues>(initialName);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // Pressed with a name missing: from then on each missing name says so, until it is given.
  const [attempted, setAttempted] = useState(false);
  const { formRef, focusControl } = useFocusAfterRender();
  const coach = coachNameOf(preview);
  const missing = missingNames(name);
  const errorOf = (field: NameField) => (attempted && missing.includes(field) ? ONBOARDING_TEXT.missing[field] : undefined);

  async function join(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const [firstMissing] = missing;
    if (firstMissing) {
      setAttempted(true);
      focusControl(firstMissing);
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      await acceptInvitation({ firstName: name.firstName.trim(), lastName: name.lastName.trim() }, invite);
      forgetInvite();
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      onJoined();
    } catch (error) {
      const problem = invitationProblem(error);
      if (isFinalProblem(problem)) {
        forgetInvite();
        onRefused(problem);
        return;
      }
      console.error('Accepting the invitation failed', error);
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <Page className={styles.page}>
      <PageTitle title={ONBOARDING_TEXT.title} />
      <section className={styles.panel}>
        <h1 className="bloom-title">{INVITATION_TEXT.invitedBy(coach)}</h1>
        <p className="bloom-lead">{INVITATION_TEXT.joinAs(coach, invitationPlace(preview.organizationName, preview.groupName))}</p>
        <p>{T.intro}</p>
        <form ref={formRef} className={styles.form} onSubmit={(event) => void join(event)} noValidate>
          <NameFields
            value={name}
            onChange={(patch) => setName((current) => ({ ...current, ...patch }))}
            errors={{ firstName: errorOf('firstName'), lastName: errorOf('lastName') }}
          />
          {failed && (
            <p className="bloom-error" role="alert">
              {T.acceptFailed}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" size="large" busy={busy} keepFocusWhileBusy>
              {T.join}
            </Button>
          </div>
        </form>
      </section>
    </Page>
  );
}
