import type {
  BeginningLoginCallbackResult,
  CoachLoginCallbackResult,
  LoginCallbackResult,
  OkResponse,
  RedirectResponse,
} from '@bloom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ensureBrowserBinding, readBrowserBinding } from '../auth/browser-binding';
import { LOGIN_FLOWS, pathNameOf, type LoginFlow } from '../auth/flows';
import { acceptEmptyJsonBodies } from '../auth/empty-json-body';
import { createHousekeeping } from '../auth/housekeeping';
import { CONSUME_FAILURE_MESSAGES, consumeLoginTransaction, createLoginTransaction } from '../auth/login-transactions';
import { hitRateLimit, tooManyRequests } from '../auth/rate-limit';
import { LoginError, RelyingParty, type RelyingPartySettings } from '../auth/relying-party';
import { rememberReturnPath } from '../auth/return-path';
import { completeSignIn } from '../auth/sign-in';
import { isSecureOrigin } from '../config';
import { AppError, parseInput } from '../http/errors';
import { interactionRoutes } from '../idp/interactions';
import { inProcessFetch, providerPassthrough } from '../idp/mount';
import { createEmbeddedProvider } from '../idp/provider';
import { clearSessionCookie, deleteSession } from '../sessions/sessions';
import { presentCurrentUser } from '../users/presenter';

/**
 * Sign-in hand-offs (spec 01 §7, spec 02 §7, DESIGN.md §6):
 * - POST …/GetLoginUrl{Flow} and …/GetWixLoginUrl{Flow} → { redirectUrl }
 * - GET  …/LoginCallback{Flow}/{code}/{state} → the flow's result (see @bloom/contracts auth.ts)
 * - POST /api/auth/LogOut → { ok: true }
 * Purchase lives under /api/user, the other five flows under /api/auth.
 * Without OIDC_ISSUER the embedded provider is mounted under /idp.
 */
const LOGIN_URL_LIMIT = { limit: 60, windowMs: 10 * 60 * 1000 };

const callbackParamsSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
});

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const db = app.database.db;
  const secure = isSecureOrigin(config);
  const housekeeping = createHousekeeping(db, app.log);
  acceptEmptyJsonBodies(app);

  let settings: RelyingPartySettings;
  if (config.oidc) {
    settings = {
      ...config.oidc,
      appOrigin: config.appOrigin,
      embedded: false,
      allowHttp: config.env !== 'production' && config.oidc.issuer.startsWith('http:'),
    };
  } else {
    const idp = await createEmbeddedProvider(db, config);
    await app.register(interactionRoutes, { idp, appOrigin: config.appOrigin });
    await app.register(providerPassthrough, { idp, appOrigin: config.appOrigin });
    settings = {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      appOrigin: config.appOrigin,
      embedded: true,
      allowHttp: true,
      fetch: inProcessFetch(app, config.appOrigin),
    };
  }
  const relyingParty = new RelyingParty(settings, app.log);

  const startLogin = (flow: LoginFlow) => async (request: FastifyRequest, reply: FastifyReply): Promise<RedirectResponse> => {
    const limit = await hitRateLimit(db, `login-url:ip:${request.ip}`, LOGIN_URL_LIMIT);
    if (!limit.allowed) throw tooManyRequests(reply, limit, 'Too many sign-in attempts from here. Please wait a few minutes and try again.');
    housekeeping();
    const browserHash = ensureBrowserBinding(request, reply, secure);
    const started = await relyingParty.startLogin(flow).catch(asHttpError);
    await createLoginTransaction(db, { state: started.state, browserHash, flow, nonce: started.nonce, codeVerifier: started.codeVerifier });
    // Optional `?returnPath=/…`: the page the sign-in starts from, where Back from a finished sign-in page leads.
    rememberReturnPath(request, reply, (request.query as { returnPath?: unknown } | undefined)?.returnPath, secure);
    reply.header('cache-control', 'no-store');
    return { redirectUrl: started.redirectUrl };
  };

  const finishLogin = (flow: LoginFlow) => async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const { code, state } = parseInput(callbackParamsSchema, request.params, 'sign-in callback');
    const consumed = await consumeLoginTransaction(db, { state, flow, browserHash: readBrowserBinding(request, secure) });
    if (!consumed.ok) throw new AppError(400, `login_${consumed.reason}`, CONSUME_FAILURE_MESSAGES[consumed.reason]);
    const { nonce, code_verifier: codeVerifier } = consumed.transaction;
    const identity = await relyingParty.finishLogin({ flow, code, state, nonce, codeVerifier }).catch((error: unknown) => {
      // Message and code only: the error's cause can quote token-endpoint responses.
      request.log.info({ flow, reason: (error as Error).message, cause: describeCause(error) }, 'sign-in callback refused');
      return asHttpError(error);
    });
    const user = await completeSignIn(app, request, reply, identity, flow);
    const presented = presentCurrentUser(config, user);
    if (flow === 'beginning') {
      const assessment = await db.selectFrom('assessments').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
      return { ok: true, user: presented, hasAssessment: Boolean(assessment) } satisfies BeginningLoginCallbackResult;
    }
    if (flow === 'coach') {
      return { ok: true, user: presented, firstName: user.first_name, lastName: user.last_name, coachPending: presented.coachPending } satisfies CoachLoginCallbackResult;
    }
    return { ok: true, user: presented } satisfies LoginCallbackResult;
  };

  for (const flow of LOGIN_FLOWS) {
    const area = flow === 'purchase' ? '/api/user' : '/api/auth';
    const name = pathNameOf(flow);
    app.post(`${area}/GetLoginUrl${name}`, startLogin(flow));
    app.post(`${area}/GetWixLoginUrl${name}`, startLogin(flow));
    app.get(`${area}/LoginCallback${name}/:code/:state`, finishLogin(flow));
  }

  app.post('/api/auth/LogOut', async (request, reply): Promise<OkResponse> => {
    if (request.session) await deleteSession(db, request.session.sessionId);
    request.session = null;
    clearSessionCookie(reply, app.sessionCookie);
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
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
