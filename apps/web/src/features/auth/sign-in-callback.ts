import type { RedirectResponse } from '@bloom/contracts';
import { ApiError } from '../../lib/api';
import { apiUrl, type ApiResult, type callApi } from '../../lib/api-client';
import { keepInviteFor } from '../../lib/invitation-owner';
import { normalizePath } from '../../lib/paths';
import { readerTimeZone } from '../../lib/reader-time-zone';

/** The six sign-in hand-offs that come back to the app (spec 01 §2, §4 "Auth callbacks"). */
export type CallbackFlow = 'Beginning' | 'Professional' | 'Coach' | 'Client' | 'End' | 'Purchase';

export interface CodeAndState {
  code: string;
  state: string;
}

/** The provider puts `code` and `state` in the URL hash; some providers use the query instead. */
export function readCodeAndState(hash: string, search: string): CodeAndState | null {
  for (const source of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const params = new URLSearchParams(source);
    const code = params.get('code');
    const state = params.get('state');
    if (code && state) return { code, state };
  }
  return null;
}

/** The provider's `error` (RFC 6749 §4.1.2.1), when it sent the person back without a code. */
export function readProviderError(hash: string, search: string): string | null {
  for (const source of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const error = new URLSearchParams(source).get('error');
    if (error) return error;
  }
  return null;
}

/**
 * How a callback ended. Anything but `signed_in` leaves the person on this page, so the page
 * must say so and offer a way back rather than keep "Loading..." (issue 23 part 6).
 */
export type CallbackOutcome = 'signed_in' | 'missing_code' | 'provider_error' | 'refused' | 'failed';
export type CallbackFailure = Exclude<CallbackOutcome, 'signed_in'> | 'timed_out';

/**
 * After this long without an outcome the page stops waiting and shows the error. The exchange
 * itself takes well under a second; this covers a call that never answers (a hung connection).
 */
export const SIGN_IN_TIMEOUT_MS = 30_000;

/** Each flow's code exchange in the endpoint table (Purchase's lives under /api/user). */
const EXCHANGE_ENDPOINTS = {
  Beginning: 'loginCallbackBeginning',
  Professional: 'loginCallbackProfessional',
  End: 'loginCallbackEnd',
  Coach: 'loginCallbackCoach',
  Client: 'loginCallbackClient',
  Purchase: 'loginCallbackPurchase',
} as const satisfies Record<CallbackFlow, string>;

export function exchangePath(flow: CallbackFlow, { code, state }: CodeAndState): string {
  return apiUrl(EXCHANGE_ENDPOINTS[flow], { code, state });
}

/** What the callback needs from the outside world; injected so the flow logic is testable without a browser. */
export interface CallbackDeps {
  /** One endpoint of the table, by name, typed by its entry (`callApi` in the app). */
  call: typeof callApi;
  navigate: (path: string) => void;
  redirect: (response: RedirectResponse | null) => void;
  referrer: string | null;
  /**
   * The page the sign-in was started to come back to (lib/login.ts `takeSignInReturnPath`): a page
   * of Bloom's own that asked the person to sign in, a question page whose session ended among
   * them (decision 0069). Beginning then goes back there and creates no assessment, so the
   * question page goes on with the latest one; without it, and in every other flow, the callback
   * goes where spec 01 §4 says.
   */
  returnTo?: string | null;
  /**
   * The page the sign-in was started from (lib/login.ts `signInStartPath`, the `returnPath` sent
   * to the provider), whether or not it is to come back there. Purchase reads it: started from the
   * upsell of /PositivityPlan/{id}, it checks out that assessment when it is the caller's.
   */
  startedFrom?: string | null;
  /** Called once the session exists, so the header and buttons learn who is signed in. */
  onSignedIn: () => Promise<void> | void;
  logError: (message: string, detail?: unknown) => void;
}

/**
 * Exchanges the code, then takes the step spec 01 §4 gives for the flow.
 * Failures are logged ("Failed to retrieve tokens" for a refused exchange, "Error during token
 * exchange" for anything thrown) and returned, so the page can explain them.
 */
export async function completeSignIn(
  flow: CallbackFlow,
  codeAndState: CodeAndState | null,
  deps: CallbackDeps,
  providerError: string | null = null,
): Promise<CallbackOutcome> {
  if (!codeAndState) {
    deps.logError('Failed to retrieve tokens', providerError ? `The provider answered ${providerError}.` : 'The sign-in address carried no code and state.');
    return providerError ? 'provider_error' : 'missing_code';
  }
  let exchange: Exchange;
  try {
    exchange = await deps.call(EXCHANGE_ENDPOINTS[flow], codeAndState);
  } catch (error) {
    if (error instanceof ApiError) deps.logError('Failed to retrieve tokens', error.status);
    else deps.logError('Error during token exchange', error);
    // A 4xx is the sign-in itself being refused (used, expired, another browser); anything else is a fault.
    return error instanceof ApiError && error.status >= 400 && error.status < 500 ? 'refused' : 'failed';
  }
  // A coach's invitation this tab keeps is for the first account signed in after it was opened, not for whoever signs in next.
  if (exchange?.user) keepInviteFor(exchange.user.id);
  try {
    await deps.onSignedIn();
    await afterSignIn(flow, exchange, deps);
    return 'signed_in';
  } catch (error) {
    deps.logError('Error during token exchange', error);
    return 'failed';
  }
}

/** What a flow's code exchange answers: the signed-in user, and for coaches their names. */
type Exchange = ApiResult<(typeof EXCHANGE_ENDPOINTS)[CallbackFlow]>;

async function saveReferrer(deps: CallbackDeps): Promise<void> {
  if (!deps.referrer) return;
  await deps.call('saveReferrer', { referrer: deps.referrer }).catch((error: unknown) => {
    deps.logError('Failed to save the referrer', error); // not worth stopping the sign-in for
  });
}

async function latestAssessmentId(deps: CallbackDeps): Promise<string> {
  const assessment = await deps.call('getLatestAssessment');
  if (!assessment?.id) throw new Error('No latest assessment was returned.');
  return assessment.id;
}

/** The journey's question pages, which the Beginning sign-in may return to when a session ended there (decision 0069). */
const RAPID_PAGE = /^\/rapid\/[^/]+$/;
const PRO_PAGE = /^\/pro\/[^/]+\/[^/]+\/questions$/;

/**
 * Whether the page a sign-in returns to can be shown: any page but a question page, and a question
 * page only when the person's latest assessment is of its form (it takes answers into that one
 * alone). Otherwise spec 01 §4's own destination: someone with no assessment (a newcomer who
 * signed up on the provider's page) starts a Rapid one, someone with another form's goes to the
 * dashboard (a review found both left on a page refusing every answer).
 */
async function questionPageTakesAnswers(returnTo: string, deps: CallbackDeps): Promise<boolean> {
  const path = normalizePath(new URL(returnTo, 'http://bloom.invalid').pathname);
  const professional = PRO_PAGE.test(path);
  if (!professional && !RAPID_PAGE.test(path)) return true;
  const latest = await deps.call('getLatestAssessment').catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  return Boolean(latest?.id) && latest!.isNinetyItem === professional;
}

/** A plan page, whose upsell starts the Purchase sign-in: its assessment id, as written (ids keep their case). */
const PLAN_PAGE = /^\/positivityplan\/([^/]+)\/?$/i;

/**
 * The assessment whose upsell the Purchase sign-in was started from (/PositivityPlan/{id}), when it
 * is one of the caller's own, once signed in (a guest's merged in keeps its id); null when the
 * sign-in started elsewhere or the assessment is not theirs (someone else signed in on the
 * provider's page), and spec 01 §4's latest assessment is checked out as before. Checking out the
 * latest instead sold the plan of another assessment than the one on the page (a retake, or an
 * account's newer assessment than the guest's). A failed look-up fails the sign-in rather than
 * guessing: its page leads back to the plan page, now signed in.
 */
async function assessmentPurchasedFrom(deps: CallbackDeps): Promise<string | null> {
  if (!deps.startedFrom) return null;
  const match = PLAN_PAGE.exec(new URL(deps.startedFrom, 'http://bloom.invalid').pathname);
  if (!match) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const own = await deps.call('getAllAssessments');
  return own.some((assessment) => assessment.id === id) ? id : null;
}

async function afterSignIn(flow: CallbackFlow, exchange: Exchange, deps: CallbackDeps): Promise<void> {
  switch (flow) {
    case 'Beginning': {
      await saveReferrer(deps);
      if (deps.returnTo && (await questionPageTakesAnswers(deps.returnTo, deps))) return deps.navigate(deps.returnTo);
      if (await deps.call('userHasAssessment')) return deps.navigate('/Dashboard');
      await deps.call('createNewAssessment', { type: 'Rapid' });
      return deps.navigate('/Rapid/Experiences');
    }
    case 'Professional':
      await saveReferrer(deps);
      await deps.call('createNewAssessment', { type: 'Professional' });
      return deps.navigate('/Pro/Experiences');
    case 'Coach':
      return deps.navigate(hasFullName(exchange) ? '/CoachDashboard' : '/Coach/Name');
    case 'Client':
      return deps.navigate('/Client/Onboarding');
    case 'End':
      return deps.navigate(`/PositivityPlan/${encodeURIComponent(await latestAssessmentId(deps))}`);
    case 'Purchase': {
      const id = (await assessmentPurchasedFrom(deps)) ?? (await latestAssessmentId(deps));
      return deps.redirect(await deps.call('getPurchaseUrl', { assessmentId: id, timeZone: readerTimeZone() }));
    }
  }
}

/** A coach's exchange names them; an empty first or last name sends them to set it first. */
function hasFullName(exchange: Exchange): boolean {
  return isCoachExchange(exchange) && Boolean(exchange.firstName?.trim()) && Boolean(exchange.lastName?.trim());
}

function isCoachExchange(exchange: Exchange): exchange is ApiResult<'loginCallbackCoach'> {
  return 'coachPending' in exchange;
}
