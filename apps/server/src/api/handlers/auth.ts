import type { BeginningLoginCallbackResult, CoachLoginCallbackResult, EndpointSpec, LoginCallbackResult, RedirectResponse } from '@bloom/contracts';
import { ensureBrowserBinding, readBrowserBinding } from '../../auth/browser-binding';
import type { LoginFlow } from '../../auth/flows';
import { CONSUME_FAILURE_MESSAGES, consumeLoginTransaction, createLoginTransaction } from '../../auth/login-transactions';
import { rememberIdTokenForLogout, takeIdTokenForLogout } from '../../auth/logout-hint';
import { LoginError } from '../../auth/relying-party';
import { rememberReturnPath } from '../../auth/return-path';
import { completeSignIn } from '../../auth/sign-in';
import { isSecureOrigin } from '../../config';
import { AppError } from '../../http/errors';
import { clearSessionCookie, deleteSession } from '../../sessions/sessions';
import { presentCurrentUser } from '../../users/presenter';
import type { Call, EndpointCall, Output } from '../call';

/**
 * Sign-in hand-offs (spec 01 §7, spec 02 §7, DESIGN.md §6): GetLoginUrl{Flow} answers
 * `{ redirectUrl }` to the provider (the spec's GetWixLoginUrl{Flow} are aliases of it),
 * LoginCallback{Flow}/{code}/{state} finishes the sign-in, LogOut ends the session. Both talk
 * to the identity provider, so their entries run without a surrounding transaction.
 */
type LoginUrlCall = Pick<EndpointCall<EndpointSpec>, 'app' | 'db' | 'request' | 'reply'> & {
  query: { returnPath?: string | undefined; intent?: 'sign-up' | 'log-in' | undefined };
};
type CallbackCall = Pick<EndpointCall<EndpointSpec>, 'app' | 'db' | 'request' | 'reply'> & { params: { code: string; state: string } };

/** Starts a sign-in of `flow`: a login transaction bound to this browser, and the provider's address. */
function startLogin(flow: LoginFlow) {
  return async function getLoginUrl({ app, db, query, request, reply }: LoginUrlCall): Promise<RedirectResponse> {
    const secure = isSecureOrigin(app.config);
    app.housekeeping();
    const browserHash = ensureBrowserBinding(request, reply, secure);
    const started = await app.relyingParty.startLogin(flow, { signUp: query.intent === 'sign-up' }).catch(asHttpError);
    await createLoginTransaction(db, { state: started.state, browserHash, flow, nonce: started.nonce, codeVerifier: started.codeVerifier });
    // Optional `?returnPath=/…`: the page the sign-in starts from, where Back from a finished sign-in page leads.
    rememberReturnPath(request, reply, query.returnPath, secure);
    return { redirectUrl: started.redirectUrl };
  };
}

/** Consumes the login transaction of `state` (this browser's, this flow's), redeems the code and starts the session. */
async function finishLogin(flow: LoginFlow, { app, db, params, request, reply }: CallbackCall) {
  const { code, state } = params;
  const consumed = await consumeLoginTransaction(db, { state, flow, browserHash: readBrowserBinding(request, isSecureOrigin(app.config)) });
  if (!consumed.ok) throw new AppError(400, `login_${consumed.reason}`, CONSUME_FAILURE_MESSAGES[consumed.reason]);
  const { nonce, code_verifier: codeVerifier } = consumed.transaction;
  const { identity, idToken } = await app.relyingParty.finishLogin({ flow, code, state, nonce, codeVerifier }).catch((error: unknown) => {
    // Message and code only: the error's cause can quote token-endpoint responses.
    request.log.info({ flow, reason: (error as Error).message, cause: describeCause(error) }, 'sign-in callback refused');
    return asHttpError(error);
  });
  const user = await completeSignIn(app, request, reply, identity, flow);
  // An external provider's session outlives Bloom's: log-out ends it with this token as the hint.
  if (!app.relyingParty.settings.embedded && idToken) rememberIdTokenForLogout(reply, isSecureOrigin(app.config), idToken);
  return { user, presented: presentCurrentUser(app.config, user) };
}

export const getLoginUrlBeginning = startLogin('beginning');
export const getLoginUrlProfessional = startLogin('professional');
export const getLoginUrlEnd = startLogin('end');
export const getLoginUrlCoach = startLogin('coach');
export const getLoginUrlClient = startLogin('client');
export const getLoginUrlPurchase = startLogin('purchase');

/** The Rapid journey's sign-in: says whether the person already has an assessment to go back to. */
export async function loginCallbackBeginning(call: Call<'loginCallbackBeginning'>): Promise<Output<'loginCallbackBeginning'>> {
  const { user, presented } = await finishLogin('beginning', call);
  const assessment = await call.db.selectFrom('assessments').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
  return { ok: true, user: presented, hasAssessment: Boolean(assessment) } satisfies BeginningLoginCallbackResult;
}

export async function loginCallbackProfessional(call: Call<'loginCallbackProfessional'>): Promise<Output<'loginCallbackProfessional'>> {
  const { presented } = await finishLogin('professional', call);
  return { ok: true, user: presented } satisfies LoginCallbackResult;
}

export async function loginCallbackEnd(call: Call<'loginCallbackEnd'>): Promise<Output<'loginCallbackEnd'>> {
  const { presented } = await finishLogin('end', call);
  return { ok: true, user: presented } satisfies LoginCallbackResult;
}

/** A coach's sign-in: their names and whether their coach account still awaits approval. */
export async function loginCallbackCoach(call: Call<'loginCallbackCoach'>): Promise<Output<'loginCallbackCoach'>> {
  const { user, presented } = await finishLogin('coach', call);
  return { ok: true, user: presented, firstName: user.first_name, lastName: user.last_name, coachPending: presented.coachPending } satisfies CoachLoginCallbackResult;
}

export async function loginCallbackClient(call: Call<'loginCallbackClient'>): Promise<Output<'loginCallbackClient'>> {
  const { presented } = await finishLogin('client', call);
  return { ok: true, user: presented } satisfies LoginCallbackResult;
}

export async function loginCallbackPurchase(call: Call<'loginCallbackPurchase'>): Promise<Output<'loginCallbackPurchase'>> {
  const { presented } = await finishLogin('purchase', call);
  return { ok: true, user: presented } satisfies LoginCallbackResult;
}

/**
 * Ends Bloom's session. With an external provider, also answers its end_session_endpoint
 * (RP-initiated logout), where the web app sends the browser so the provider's session ends too.
 */
export async function logOut({ app, caller, db, request, reply }: Call<'logOut'>): Promise<Output<'logOut'>> {
  if (caller) await deleteSession(db, caller.sessionId);
  request.session = null;
  clearSessionCookie(reply, app.sessionCookie);
  const idTokenHint = takeIdTokenForLogout(request, reply, isSecureOrigin(app.config));
  const redirectUrl = await app.relyingParty.endSessionUrl(idTokenHint);
  return redirectUrl ? { ok: true, redirectUrl } : { ok: true };
}

function describeCause(error: unknown): string | undefined {
  const cause = (error as { cause?: { message?: string; code?: string; cause?: { message?: string } } }).cause;
  if (!cause) return undefined;
  return [cause.code, cause.message, cause.cause?.message].filter(Boolean).join(': ');
}

function asHttpError(error: unknown): never {
  if (error instanceof LoginError) {
    throw error.kind === 'rejected'
      ? new AppError(400, 'login_rejected', error.message)
      : new AppError(503, 'identity_provider_unavailable', error.message);
  }
  throw error;
}

export const authHandlers = {
  getLoginUrlBeginning,
  getLoginUrlProfessional,
  getLoginUrlEnd,
  getLoginUrlCoach,
  getLoginUrlClient,
  getLoginUrlPurchase,
  loginCallbackBeginning,
  loginCallbackProfessional,
  loginCallbackEnd,
  loginCallbackCoach,
  loginCallbackClient,
  loginCallbackPurchase,
  logOut,
};
