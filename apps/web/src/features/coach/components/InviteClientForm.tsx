import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ListReadFailure, listReadFailed, listReadFailureId } from '../../../components/ui/ListReadFailure';
import { ApiError } from '../../../lib/api';
import { inviteClient, invitationsQuery, placementOptionsQuery } from '../api';
import { INVITATIONS_TEXT as T } from '../invitations-content';
import { EMPTY_INVITATION_FORM, invitationRequest, isInvitableAddress, type InvitationFormValues } from '../logic/invitations';
import styles from './InvitationsPanel.module.css';

const refusalText = (error: unknown): string => (error instanceof ApiError && error.code && T.refusals[error.code]) || T.failed;

/**
 * E-mail, optional names, and an optional organization and group of the coach's own. When the
 * coach's organizations could not be read (offline, a server error), the list says so with Try
 * again instead of offering only "None" (DESIGN.md §11), and Send invitation is disabled until
 * they are here: sent then, the person would join as an independent client without the coach
 * having chosen it.
 */
export function InviteClientForm({ onSent }: { onSent: (email: string) => void }) {
  const queryClient = useQueryClient();
  const organizations = useQuery(placementOptionsQuery);
  const [values, setValues] = useState<InvitationFormValues>(EMPTY_INVITATION_FORM);
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailId = useId();
  const organizationId = useId();
  const placementsFailed = listReadFailed(organizations);
  const update = (patch: Partial<InvitationFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const send = useMutation({
    mutationFn: () => inviteClient(invitationRequest(values)),
    onSuccess: async (invitation) => {
      setValues(EMPTY_INVITATION_FORM);
      onSent(invitation.email);
      await queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
    },
  });
  const groups = (organizations.data ?? []).find((organization) => organization.organizationGuid === values.organizationId)?.groups.filter((group) => !group.isDefault) ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending || placementsFailed) return;
    const problem = !values.email.trim() ? T.emailRequired : isInvitableAddress(values.email) ? null : T.emailInvalid;
    setEmailError(problem);
    if (problem) {
      document.getElementById(emailId)?.focus();
      return;
    }
    send.mutate();
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field id={emailId} label={T.email} error={emailError ?? undefined} className={styles.wide}>
        {(control) => <input {...control} type="email" value={values.email} onChange={(e) => update({ email: e.target.value })} autoComplete="off" maxLength={254} required />}
      </Field>
      <Field label={T.firstName}>
        {(control) => <input {...control} value={values.firstName} onChange={(e) => update({ firstName: e.target.value })} autoComplete="off" maxLength={100} />}
      </Field>
      <Field label={T.lastName}>
        {(control) => <input {...control} value={values.lastName} onChange={(e) => update({ lastName: e.target.value })} autoComplete="off" maxLength={100} />}
      </Field>
      <Field id={organizationId} label={T.organization}>
        {(control) => (
          <>
            <select
              {...control}
              aria-describedby={placementsFailed ? listReadFailureId(organizationId) : control['aria-describedby']}
              value={values.organizationId}
              onChange={(e) => update({ organizationId: e.target.value, groupId: '' })}
              aria-busy={organizations.isPending || undefined}
            >
              <option value="">{T.noOrganization}</option>
              {(organizations.data ?? []).map((organization) => (
                <option key={organization.organizationGuid} value={organization.organizationGuid}>
                  {organization.organizationName}
                </option>
              ))}
            </select>
            <ListReadFailure
              listId={organizationId}
              read={organizations}
              failedText={T.placementsFailed}
              loadingText={T.placementsLoading}
              tryAgainText={T.tryAgain}
              retry={async () => !(await organizations.refetch()).isError}
            />
          </>
        )}
      </Field>
      {values.organizationId && (
        <Field label={T.group}>
          {(control) => (
            <select {...control} value={values.groupId} onChange={(e) => update({ groupId: e.target.value })}>
              <option value="">{T.noGroup}</option>
              {groups.map((group) => (
                <option key={group.groupGuid} value={group.groupGuid}>
                  {group.groupName}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {send.isError && (
        <p className={`bloom-error ${styles.wide}`} role="alert">
          {refusalText(send.error)}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="submit" disabled={placementsFailed} busy={send.isPending} keepFocusWhileBusy>
          {T.send}
        </Button>
      </div>
    </form>
  );
}
