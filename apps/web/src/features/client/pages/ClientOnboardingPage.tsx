import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { SignInPrompt } from '../../../components/layout/SignInPrompt';
import { Button } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { StatusLine } from '../../../components/ui/StatusLine';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../../hooks/useCurrentUser';
import { useInvitationPreview, type InvitationPreview } from '../../../hooks/useInvitationPreview';
import { inviteFromSearch, rememberedInvite, type InvitationProblem } from '../../../lib/invitation-link';
import { ChosenGone, coachesQuery, groupsQuery, joinAndStart, organizationsQuery, saveClientName } from '../api';
import { InvitationJoined } from '../components/InvitationJoined';
import { InvitationProblemNote } from '../components/InvitationProblemNote';
import { InvitedOnboarding } from '../components/InvitedOnboarding';
import { ListChoice } from '../components/ListChoice';
import { NameFields, type NameValues } from '../components/NameFields';
import { ONBOARDING_TEXT as T } from '../content';
import {
  canContinue,
  chooseOrganization,
  EMPTY_ONBOARDING,
  missingFields,
  onboardingPlan,
  organizationOptions,
  type OnboardingState,
} from '../logic/onboarding';
import styles from './ClientOnboardingPage.module.css';

/**
 * /Client/Onboarding (spec 02 §2, §4, §5): name, coach or organization and group, then the first
 * assessment. Reached through a coach's invitation (`?invite=`, or the one /Client kept for the
 * way back from signing in), the coach and group come from it instead (issue 25 §4). Continue
 * appears only once nothing is missing (spec 02 §5); until then a polite status line in its place
 * says what is still needed, and the names and choices are marked required (WCAG 3.3.2). Once an
 * organization is chosen the page names its coach, whose client the member becomes (decision 0007);
 * a chosen group or organization deleted before Continue is said at its list and chosen again.
 */
export default function ClientOnboardingPage() {
  const { user, isMember, isLoading, lookupFailed } = useCurrentUser();
  const { search } = useLocation();
  const invite = useMemo(() => inviteFromSearch(search) ?? rememberedInvite(), [search]);
  if (isLoading) return <LoadingScreen />;
  // A failed lookup has not said the person is signed out: no sign-in prompt, a way to ask again.
  if (lookupFailed) return <SignInCheckFailed pageTitle={T.title} classes={styles} />;
  if (!user || !isMember) return (
      <SignInPrompt pageTitle={T.title} title={T.signedOutTitle} body={T.signedOutBody} buttonLabel={T.signIn} flow="Client" classes={styles} />
    );
  return <Onboarding invite={invite} initialName={{ firstName: user.firstName ?? '', lastName: user.lastName ?? '' }} />;
}

/** With a working invitation: its screen, then "You are now a client of …"; otherwise (or once refused) the usual form. */
function Onboarding({ invite, initialName }: { invite: string | null; initialName: NameValues }) {
  const preview = useInvitationPreview(invite);
  // Kept as it was when accepted: read again, the link now answers "already accepted".
  const [joined, setJoined] = useState<InvitationPreview | null>(null);
  const [refused, setRefused] = useState<InvitationProblem | null>(null);

  if (joined) return <InvitationJoined preview={joined} />;
  if (preview.status === 'checking') return <LoadingScreen />;
  if (preview.status === 'valid' && invite && !refused) {
    const { preview: valid } = preview;
    return <InvitedOnboarding invite={invite} preview={valid} initialName={initialName} onJoined={() => setJoined(valid)} onRefused={setRefused} />;
  }
  const problem = refused ?? (preview.status === 'problem' ? preview.problem : null);
  return <OnboardingForm initialName={initialName} problem={problem} />;
}

function OnboardingForm({ initialName, problem }: { initialName: NameValues; problem: InvitationProblem | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<OnboardingState>({ ...EMPTY_ONBOARDING, ...initialName });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // The choice Continue found gone (since the lists were read): said at its list until another is made.
  const [gone, setGone] = useState<{ choice: 'coachId' | 'organizationId' | 'groupId'; text: string } | null>(null);
  const coaches = useQuery({ ...coachesQuery, enabled: state.withCoach === true });
  const organizations = useQuery({ ...organizationsQuery, enabled: state.withCoach === false });
  const groups = useQuery({ ...groupsQuery, enabled: state.withCoach === false });
  const ids = { coach: useId(), organization: useId(), group: useId() };
  const update = (patch: Partial<OnboardingState>) => setState((current) => ({ ...current, ...patch }));
  const groupOptions = state.organizationId ? (groups.data?.[state.organizationId] ?? []) : [];
  const chosenOrganization = organizations.data?.find((o) => o.organizationGuid === state.organizationId);
  // Continue was there and is hidden now: the focus goes to the list whose choice is gone, which says so.
  useEffect(() => {
    if (gone) document.getElementById(gone.choice === 'coachId' ? ids.coach : gone.choice === 'organizationId' ? ids.organization : ids.group)?.focus();
  }, [gone, ids.coach, ids.organization, ids.group]);
  const missing = missingFields(state);
  // Spec 02 §5's rule. The instruction's text changes only when what is missing does, so the
  // status line is not said again at every keystroke.
  const complete = canContinue(state);
  // Offline, the organizations and the groups fail together: one Try again asks for both.
  async function retryOrganizations() {
    const [answer] = await Promise.all([organizations.refetch(), groups.isError ? groups.refetch() : null]);
    return !answer.isError;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // No Continue then, so nothing submits; Enter in a name field must not send anything either.
    if (!complete || busy) return;
    setBusy(true);
    setFailed(false);
    setGone(null);
    const plan = onboardingPlan(state);
    try {
      await saveClientName({ firstName: state.firstName.trim(), lastName: state.lastName.trim() });
      await joinAndStart(plan);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await navigate(plan.route);
    } catch (error) {
      setBusy(false);
      if (error instanceof ChosenGone) {
        // The lists are read again, without what is gone; the choice is cleared, so Continue hides
        // and the status line asks for it (spec 02 §5). Pressing Continue again could not help.
        // Its rule and texts load now (logic/gone-choice.ts), out of the page's first paint.
        try {
          const byGroup = error.list === 'group';
          const [{ dropGoneChoice, goneText }, organizationsNow] = await Promise.all([
            import('../logic/gone-choice'),
            byGroup ? organizations.refetch() : undefined,
            byGroup ? groups.refetch() : coaches.refetch(),
          ]);
          const dropped = dropGoneChoice(state, error.list, organizationsNow?.data?.map((o) => o.organizationGuid));
          setState(dropped.state);
          setGone({ choice: dropped.gone, text: goneText(dropped.gone) });
          return;
        } catch (loadError) {
          console.error('Client onboarding failed', loadError);
        }
      }
      console.error('Client onboarding failed', error);
      setFailed(true);
    }
  }

  return (
    <Page className={styles.page}>
      <PageTitle title={T.title} />
      <section className={styles.panel}>
        <h1 className="bloom-title">{T.title}</h1>
        {problem && <InvitationProblemNote problem={problem} />}
        <p className="bloom-lead">{T.intro}</p>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <NameFields value={state} onChange={update} />

          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{T.workingWithCoach}</legend>
            <div className={styles.choices}>
              <label className={styles.choice}>
                <input type="radio" name="withCoach" checked={state.withCoach === true} onChange={() => update({ withCoach: true })} required />
                {T.yes}
              </label>
              <label className={styles.choice}>
                <input type="radio" name="withCoach" checked={state.withCoach === false} onChange={() => update({ withCoach: false })} required />
                {T.no}
              </label>
            </div>
          </fieldset>

          {state.withCoach === true && (
            <ListChoice
              id={ids.coach}
              label={T.coach}
              value={state.coachId}
              onChange={(coachId) => {
                setGone(null);
                update({ coachId });
              }}
              options={(coaches.data ?? []).map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName}` }))}
              read={coaches}
              emptyText={T.noCoaches}
              failedText={T.coachesFailed}
              retry={async () => !(await coaches.refetch()).isError}
              error={gone?.choice === 'coachId' ? gone.text : undefined}
            />
          )}

          {state.withCoach === false && (
            <>
              <ListChoice
                id={ids.organization}
                label={T.organization}
                value={state.organizationId}
                onChange={(organizationId) => {
                  setGone(null);
                  setState((current) => chooseOrganization(current, organizationId));
                }}
                options={organizationOptions(organizations.data ?? [], T.organizationOf)}
                hint={chosenOrganization && T.clientOf(chosenOrganization.coachName, chosenOrganization.organizationName)}
                error={gone?.choice === 'organizationId' ? gone.text : undefined}
                read={organizations}
                emptyText={T.noOrganizations}
                failedText={T.organizationsFailed}
                retry={retryOrganizations}
              />
              {state.organizationId && (
                <ListChoice
                  id={ids.group}
                  label={T.group}
                  value={state.groupId}
                  onChange={(groupId) => {
                    setGone(null);
                    update({ groupId });
                  }}
                  options={groupOptions.map((g) => ({ value: g.groupGuid, label: g.groupName }))}
                  read={groups}
                  emptyText={T.noGroups}
                  failedText={T.groupsFailed}
                  retry={async () => !(await groups.refetch()).isError}
                  error={gone?.choice === 'groupId' ? gone.text : undefined}
                />
              )}
            </>
          )}

          {complete && (
            <div className={styles.actions}>
              <Button type="submit" size="large" busy={busy} keepFocusWhileBusy>
                {T.continue}
              </Button>
            </div>
          )}
          <StatusLine text={complete ? null : T.toContinue(missing)} className="bloom-muted" />
          {failed && (
            <p className="bloom-error" role="alert">
              {T.continueFailed}
            </p>
          )}
        </form>
      </section>
    </Page>
  );
}
