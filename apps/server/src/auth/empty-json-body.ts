import type { FastifyInstance } from 'fastify';

/**
 * Several calls are POSTs "with no body" (GetLoginUrl*, LogOut). Browser fetch helpers often
 * send `content-type: application/json` anyway, which Fastify's JSON parser answers with 400.
 * Within the calling plugin only, an empty JSON body is read as "no body"; anything else goes
 * through Fastify's default parser (with its prototype-poisoning protection) unchanged.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJson(request, text, done);
  });
}
