import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isSecureOrigin, type AppConfig } from '../config';

/**
 * Security headers (helmet's, with Bloom's Content-Security-Policy), computed once at
 * start-up instead of per request: they never vary, and building them per request was a
 * measurable share of the server's CPU under load. Set on the raw response so replies that
 * bypass Fastify (the embedded identity provider) carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = Object.entries(computeSecurityHeaders(config));
  // Callback-style hooks (here and in csrf.ts, input-guard.ts) skip a promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
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
