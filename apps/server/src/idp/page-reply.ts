import type { FastifyReply } from 'fastify';

/**
 * Sends one of the sign-in provider's own HTML pages (a form, a message): never cached, and with
 * a referrer policy same-origin form posts survive. Used by the interaction routes and by the
 * passthrough's refusal of too many sign-in starts.
 */
export function sendPage(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .status(status)
      .header('cache-control', 'no-store')
      // Not helmet's no-referrer: under it Chromium sends `Origin: null` with same-origin form posts.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(body)
  );
}
