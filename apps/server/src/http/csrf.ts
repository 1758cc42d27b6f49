import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER } from '@bloom/contracts';
import { envelope } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the JSON API, in two layers:
 * - a custom header, which a cross-site form or image cannot set and a cross-site
 *   script cannot send without a CORS preflight that this server never approves;
 * - the browser's own Origin / Sec-Fetch-Site, refused when they name another site.
 * Webhooks (signed by the payment provider) are the only exemption.
 */
export function registerCsrfProtection(app: FastifyInstance, options: { appOrigin: string; exemptPaths: string[] }): void {
  const exempt = new Set(options.exemptPaths.map((p) => p.toLowerCase()));
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const path = request.url.split('?')[0]!.toLowerCase();
    if (!path.startsWith('/api/') || exempt.has(path)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite = fetchSite === 'cross-site' || (origin !== undefined && origin !== options.appOrigin && !isSameHost(origin, request.headers.host));
    if (crossSite || request.headers[CSRF_HEADER] !== '1') {
      // Answered here: done() is not called, so the request goes no further.
      reply.status(403).send(envelope('csrf_rejected', 'This request was refused because it did not come from Bloom.'));
      return;
    }
    done();
  });
}

function isSameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
