import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isSecureOrigin, type AppConfig } from '../config';
import { isApiPath } from './api-path';

/**
 * Security headers: helmet's with Bloom's Content-Security-Policy for pages, a smaller and
 * stricter set for the API (`apiSecurityHeadersFor`). Both are computed once at
 * start-up instead of per request: they never vary, and building them per request was a
 * measurable share of the server's CPU under load. They go into Fastify's own reply headers,
 * which Node writes in one pass with the rest; setting them on the raw response first cost a
 * few µs more per request (docs/performance.md). Replies that bypass Fastify (the
 * embedded identity provider) take them along with `headersForHijackedReply`.
 */
export function registerSecurityHeaders(app: FastifyInstance, applyHeaders: SecurityHeaders): void {
  // Callback-style hooks (here and in csrf.ts, input-guard.ts) skip a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.url, reply);
    done();
  });
}

/** Puts the headers for a request's kind of answer (API or page) on its reply. */
export type SecurityHeaders = (url: string, reply: FastifyReply) => void;

/**
 * The two header sets, computed once. Also used for the answers Fastify's router gives before
 * any hook runs (an address it cannot decode, an over-long part: `answerFrameworkError`), which
 * otherwise went out with no security header at all.
 */
export function securityHeadersFor(config: AppConfig): SecurityHeaders {
  const pageHeaders = computeSecurityHeaders(config);
  const apiHeaders = apiSecurityHeadersFor(config, pageHeaders);
  return (url, reply) => {
    reply.headers(isApiPath(url) ? apiHeaders : pageHeaders);
  };
}

/**
 * The API answers data (JSON, plain text, a CSV download), never a document, so it takes the
 * headers OWASP's REST cheat sheet names for API responses instead of the page set: a policy
 * that allows nothing and no framing, nosniff, and same-origin reads only. The page set's
 * other headers (opener and agent-cluster isolation, DNS prefetch, the old IE and Flash
 * switches) only mean something for a document. Six headers fewer on every call is less for
 * the server to write and the browser to parse (docs/performance.md).
 */
export function apiSecurityHeadersFor(config: AppConfig, pageHeaders = computeSecurityHeaders(config)): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  // HSTS (over https) belongs to the origin, not to a kind of answer.
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts !== undefined) headers['strict-transport-security'] = hsts;
  return headers;
}

/** Before `reply.hijack()`: the headers set so far, security headers included, onto the raw response. */
export function headersForHijackedReply(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
}

export function computeSecurityHeaders(config: AppConfig): Record<string, string> {
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style *elements* are injected by dialog/scroll-lock libraries; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(config.oidc ? [new URL(config.oidc.issuer).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: isSecureOrigin(config) ? [] : null,
      },
    },
    strictTransportSecurity: isSecureOrigin(config),
    crossOriginEmbedderPolicy: false,
  };
  const collected: Record<string, string> = {};
  const fakeResponse = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      collected[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete collected[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, fakeResponse as never, () => undefined);
  return collected;
}
