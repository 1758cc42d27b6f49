import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CustomFetch } from 'openid-client';
import { LOGIN_URL_WINDOW_MS } from '../api/rate-limits';
import { hitRateLimit } from '../auth/rate-limit';
import { rateLimitAddress } from '../http/client-address';
import { headersForHijackedReply } from '../http/security-headers';
import { sendPage } from './page-reply';
import { IDP_PATH, type EmbeddedProvider } from './provider';
import { messagePage, waitingTime } from './views';

/**
 * Tells the provider (a Koa app) its public origin and the caller's address. The provider
 * runs with `proxy = true`, so these forwarded headers decide every URL it builds; they are
 * always overwritten here, never taken from the client, and the address is Fastify's
 * request.ip (which honours X-Forwarded-For only when TRUST_PROXY is on).
 */
export function describeForProvider(request: FastifyRequest, appOrigin: string): IncomingMessage {
  const origin = new URL(appOrigin);
  const raw = request.raw;
  raw.headers['x-forwarded-proto'] = origin.protocol.replace(':', '');
  raw.headers['x-forwarded-host'] = origin.host;
  raw.headers['x-forwarded-for'] = request.ip;
  return raw;
}

/**
 * Hands every request under /idp that Bloom does not answer itself (discovery, /auth,
 * /token, /jwks, /me …) to oidc-provider. Registered in its own plugin context whose
 * only body parser leaves the body unread, because the provider parses request bodies itself.
 */
export async function providerPassthrough(app: FastifyInstance, options: { idp: EmbeddedProvider; appOrigin: string }): Promise<void> {
  // The provider is built by the first request under /idp (provider.ts), its Koa handler with it.
  let handle: ((request: IncomingMessage, response: FastifyReply['raw']) => Promise<void>) | undefined;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.route({
    method: ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'],
    url: `${IDP_PATH}/*`,
    handler: async (request, reply) => {
      // Counted before the provider stores anything (decision 0081).
      if (startsAnInteraction(request)) {
        const limit = await hitRateLimit(app.database.db, authorizationKey(request.ip), {
          limit: app.config.signInStartsPerIp,
          windowMs: LOGIN_URL_WINDOW_MS,
        });
        if (!limit.allowed) return tooManySignInStarts(reply, limit.retryAfterSeconds, options.appOrigin);
      }
      // Built (or its build failed) before the reply is hijacked: a build that cannot read the
      // database throws here, still answerable by the error handler (503 database_unavailable,
      // decision 0055), and the next request builds again (provider.ts). After hijack() nothing
      // answers a thrown error, and the request would wait for ever (decision 0071).
      handle ??= (await options.idp.provider()).callback();
      const raw = describeForProvider(request, options.appOrigin);
      // The provider routes on paths relative to its mount point and rebuilds absolute URLs
      // from `baseUrl` (Express' convention, which oidc-provider reads).
      raw.url = raw.url!.slice(IDP_PATH.length) || '/';
      (raw as IncomingMessage & { baseUrl?: string }).baseUrl = IDP_PATH;
      headersForHijackedReply(reply);
      reply.hijack();
      await handle(raw, reply.raw);
    },
  });
}

/**
 * The authorization endpoint (`/idp/auth`, GET or POST, without the resume path's uid): each
 * request stores a provider interaction (~1 KB, kept ten minutes), and every parameter of a
 * `GetLoginUrl*` redirect is public, so a script could replay it from fresh clients without limit.
 * It is counted per client address with the sign-in start budget (SIGN_IN_STARTS_PER_IP in ten
 * minutes, on its own counter beside GetLoginUrl's), before the provider sees it (decision 0081).
 */
function startsAnInteraction(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'POST') return false;
  const path = request.raw.url!.split('?', 1)[0]!;
  return path === `${IDP_PATH}/auth` || path === `${IDP_PATH}/auth/`;
}

const authorizationKey = (ip: string): string => `idp-auth:ip:${rateLimitAddress(ip)}`;

function tooManySignInStarts(reply: FastifyReply, retryAfterSeconds: number, appOrigin: string) {
  return sendPage(
    reply.header('retry-after', String(retryAfterSeconds)),
    429,
    messagePage({
      title: 'Too many sign-ins from here',
      message: `Many sign-ins were started from this network in a short time. Please wait ${waitingTime(retryAfterSeconds)}, then return to Bloom and try again.`,
      appOrigin,
    }),
  );
}

/**
 * openid-client's fetch for the embedded provider: requests to `${APP_ORIGIN}/idp/…` are
 * answered in-process with Fastify's inject(), so the server never needs to reach its own
 * public address (which behind a load balancer or in tests may not be reachable from inside).
 */
export function inProcessFetch(app: FastifyInstance, appOrigin: string): CustomFetch {
  const publicOrigin = new URL(appOrigin);
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== publicOrigin.origin || !target.pathname.startsWith(`${IDP_PATH}/`)) {
      return fetch(url, options as RequestInit);
    }
    const response = await untilAborted(
      app.inject({
        method: options.method as 'GET' | 'POST',
        url: target.pathname + target.search,
        headers: { ...options.headers, host: publicOrigin.host },
        payload: toPayload(options.body),
      }),
      options.signal,
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
      else if (value !== undefined) headers.set(name, String(value));
    }
    const nullBody = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(nullBody ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

/**
 * inject() cannot be cancelled, so openid-client's timeout (the AbortSignal it passes) is honoured
 * by no longer waiting: the caller hears the abort's reason, and an answer that comes later is dropped.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error as Error);
      },
    );
  });
}

function toPayload(body: Parameters<CustomFetch>[1]['body']): string | Buffer | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError('streamed request bodies are not used with the embedded provider');
}
