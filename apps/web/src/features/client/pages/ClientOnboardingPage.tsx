import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInPrompt } from '../../../components/layout/SignInPrompt';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Page } from '../../../components/ui/Page';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../../hooks/useCurrentUser';
import { coachesQuery, groupsQuery, joinAndStart, organizationsQuery, saveClientName } from '../api';
import { ONBOARDING_TEXT as T } from '../content';
import { canContinue, chooseOrganization, EMPTY_ONBOARDING, onboardingPlan, type OnboardingState } from '../logic/onboarding';
import styles from './ClientOnboardingPage.module.css';

/** /Client/Onboarding (spec 02 §2, §4, §5): name, coach or organization and group, then the first assessment. */
export default function ClientOnboardingPage() {
  const { user, isMember, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (!user || !isMember) return (
      <SignInPrompt pageTitle={T.title} title={T.signedOutTitle} body={T.signedOutBody} buttonLabel={T.signIn} flow="Client" classes={styles} />
    );
  return <OnboardingForm initialFirst={user.firstName ?? ''} initialLast={user.lastName ?? ''} />;
}

function OnboardingForm({ initialFirst, initialLast }: { initialFirst: string; initialLast: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<OnboardingState>({ ...EMPTY_ONBOARDING, firstName: initialFirst, lastName: initialLast });
  const [busy, setBusy] = useState(false);
  const coaches = useQuery({ ...coachesQuery, enabled: state.withCoach === true });
  const organizations = useQuery({ ...organizationsQuery, enabled: state.withCoach === false });
  const groups = useQuery({ ...groupsQuery, enabled: state.withCoach === false });
  const ids = { coach: useId(), organization: useId(), group: useId() };
  const update = (patch: Partial<OnboardingState>) => setState((current) => ({ ...current, ...patch }));
  const groupOptions = state.organizationId ? (groups.data?.[state.organizationId] ?? []) : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canContinue(state) || busy) return;
    setBusy(true);
    const plan = onboardingPlan(state);
    try {
      await saveClientName({ firstName: state.firstName.trim(), lastName: state.lastName.trim() });
      await joinAndStart(plan);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await navigate(plan.route);
    } catch (error) {
      console.error('Client onboarding failed', error); // spec 02 §8: other call failures are logged only
      setBusy(false);
    }
  }

  const select = (id: string, label: string, value: string, onChange: (value: string) => void, options: { value: string; label: string }[], loading: boolean, emptyText: string) => (
    <Field id={id} label={label} hint={!loading && options.length === 0 ? emptyText : undefined}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)} aria-busy={loading || undefined}>
          <option value="">{loading ? T.loading : T.choose}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <Page className={styles.page}>
      <PageTitle title={T.title} />
      <section className={styles.panel}>
        <h1 className="bloom-title">{T.title}</h1>
        <p className="bloom-lead">{T.intro}</p>
        <form className={styles.form} onSubmit={(event) => void submit(event)}>
          <div className={styles.names}>
            <Field label={T.firstName}>
              {(control) => <input {...control} value={state.firstName} onChange={(e) => update({ firstName: e.target.value })} autoComplete="given-name" maxLength={100} />}
            </Field>
            <Field label={T.lastName}>
              {(control) => <input {...control} value={state.lastName} onChange={(e) => update({ lastName: e.target.value })} autoComplete="family-name" maxLength={100} />}
            </Field>
          </div>

          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{T.workingWithCoach}</legend>
            <div className={styles.choices}>
              <label className={styles.choice}>
                <input type="radio" name="with-coach" checked={state.withCoach === true} onChange={() => update({ withCoach: true })} />
                {T.yes}
              </label>
              <label className={styles.choice}>
                <input type="radio" name="with-coach" checked={state.withCoach === false} onChange={() => update({ withCoach: false })} />
                {T.no}
              </label>
            </div>
          </fieldset>

          {state.withCoach === true &&
            select(
              ids.coach,
              T.coach,
              state.coachId,
              (coachId) => update({ coachId }),
              (coaches.data ?? []).map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName}` })),
              coaches.isPending,
              T.noCoaches,
            )}

          {state.withCoach === false && (
            <>
              {select(
                ids.organization,
                T.organization,
                state.organizationId,
                (organizationId) => setState((current) => chooseOrganization(current, organizationId)),
                (organizations.data ?? []).map((o) => ({ value: o.organizationGuid, label: o.organizationName })),
                organizations.isPending,
                T.noOrganizations,
              )}
              {state.organizationId &&
                select(
                  ids.group,
                  T.group,
                  state.groupId,
                  (groupId) => update({ groupId }),
                  groupOptions.map((g) => ({ value: g.groupGuid, label: g.groupName })),
                  groups.isPending,
                  T.noGroups,
                )}
            </>
          )}

          {canContinue(state) && (
            <div className={styles.actions}>
              <Button type="submit" size="large" busy={busy}>
                {T.continue}
              </Button>
            </div>
          )}
        </form>
      </section>
    </Page>
  );
}
