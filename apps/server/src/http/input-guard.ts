import type { FastifyInstance } from 'fastify';
import { envelope } from './errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_DEPTH = 32;

/**
 * Two rules for every /api call, before any handler runs (docs/security.md):
 * - Bodies are JSON. HTML forms can only send urlencoded, multipart or text/plain bodies, so
 *   refusing those (415) takes cross-site forms out of play even before the CSRF check, and
 *   keeps the form parser (needed by the sign-in pages under /idp) away from the API.
 * - No U+0000 anywhere in the body or query. No Bloom value legitimately holds one,
 *   PostgreSQL text cannot store it (the insert would fail with a 500), and C-string
 *   handling downstream could cut a value short. Answered with 400 `invalid_characters`.
 *   Path parameters are left to their routes, which all check them (ids, names, content
 *   names) and word the refusal precisely; security-fuzz.test.ts holds them to that.
 * Provider-signed webhooks (raw bodies, checked by signature) are exempt.
 */
export function registerInputGuards(app: FastifyInstance, options: { exemptPaths: string[] }): void {
  const exempt = new Set(options.exemptPaths.map((p) => p.toLowerCase()));
  // Asked twice on most requests: no array or copy of the URL unless it is an /api path.
  const isGuarded = (url: string) => {
    const queryAt = url.indexOf('?');
    const path = (queryAt === -1 ? url : url.slice(0, queryAt)).toLowerCase();
    return path.startsWith('/api/') && !exempt.has(path);
  };

  // Callback-style hooks: when one answers, done() is not called and the request goes no further.
  app.addHook('onRequest', (request, reply, done) => {
    if (!BODY_METHODS.has(request.method) || !isGuarded(request.url)) return done();
    const type = request.headers['content-type'];
    if (type === undefined || /^application\/json\s*(;|$)/i.test(type)) return done();
    reply.status(415).send(envelope('unsupported_media_type', 'Unsupported content type; send JSON.'));
  });

  app.addHook('preValidation', (request, reply, done) => {
    // Most calls are GETs with neither body nor query: nothing to look through.
    if (request.body === undefined && isEmpty(request.query)) return done();
    if (!isGuarded(request.url)) return done();
    if (containsNul(request.query) || containsNul(request.body)) {
      reply.status(400).send(envelope('invalid_characters', 'The request contains a NUL character, which Bloom never accepts.'));
      return;
    }
    done();
  });
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object') return false;
  for (const _ in value) return false;
  return true;
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}
