import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { newId } from '../../src/lib/crypto';
import { createStripeClient } from '../../src/payments/stripe';

/**
 * A stand-in for the Stripe API's Checkout sessions on its own loopback port, for API tests that
 * drive the server's real SDK through the same HTTP exchange as with Stripe: create
 * (`POST /v1/checkout/sessions`), retrieve (`GET …/:id`, honouring `expand[]` for the
 * PaymentIntent) and expire (`POST …/:id/expire`). It keeps the sessions it opened in `sessions`
 * (open → complete or expired), where a test may also put or change one; it answers Stripe-shaped
 * errors: 400 for expiring a session that is not open, 404 for a session it does not have, 500
 * for an id in `failing`. Every session id it is asked about (retrieve or expire) goes to `asked`.
 *
 * Its checkout pages are on `CHECKOUT_HOST`, the host to give StripePaymentProvider.
 */
export const CHECKOUT_HOST = 'checkout.stripe.test';

export interface StandInSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  /** Set once the buyer has submitted a payment: Stripe's PaymentIntent status. */
  payment_intent?: 'processing' | 'succeeded' | 'requires_payment_method' | 'canceled';
}

export interface StripeStandInOptions {
  /** The mode of the key it stands in for: the sessions it opens are `cs_test_…` or `cs_live_…`. */
  mode?: 'test' | 'live';
  /**
   * How it answers for a session it does not have: `resource_missing` is Stripe's own answer (a
   * 404 with that code, naming the id; what a live key gets for a test-mode session, or another
   * account's); `bare-404` is a 404 invalid-request error with no code, which the server must
   * take for a missing session all the same.
   */
  unknownSession?: 'resource_missing' | 'bare-404';
  /** How long it takes to answer a create, as Stripe takes a moment: calls made at once then overlap here as they do there. */
  createDelayMs?: number;
}

export interface StripeStandIn {
  port: number;
  /** The sessions it has, by id. */
  readonly sessions: Map<string, StandInSession>;
  /** Every session id it was asked about (retrieve or expire), in order. */
  readonly asked: string[];
  /** Session ids it answers with a 500, as Stripe does when it has trouble. */
  readonly failing: Set<string>;
  /** The checkout page of a session, as the stand-in gives it while the session is open. */
  pageOf(id: string): string;
  /** An SDK client for `secretKey` that talks to the stand-in (no retries). */
  client(secretKey: string): Promise<Stripe>;
  close(): Promise<void>;
}

export async function startStripeStandIn({ mode = 'test', unknownSession = 'resource_missing', createDelayMs = 0 }: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const prefix = `cs_${mode}_`;
  const sessions = new Map<string, StandInSession>();
  const asked: string[] = [];
  const failing = new Set<string>();
  const pageOf = (id: string) => `https://${CHECKOUT_HOST}/c/pay/${id}`;
  /** As Stripe answers: the PaymentIntent as its id, or as the object when asked to expand it. */
  const asStripe = (session: StandInSession, expand: string[] = []) => {
    const intentId = `pi_${session.id.slice(prefix.length)}`;
    const intent = session.payment_intent === undefined ? null : expand.includes('payment_intent') ? { id: intentId, object: 'payment_intent', status: session.payment_intent } : intentId;
    return { ...session, object: 'checkout.session', url: session.status === 'open' ? pageOf(session.id) : null, payment_intent: intent };
  };
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });
  const stripeError = (error: Record<string, string>) => JSON.stringify({ error });

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    response.setHeader('content-type', 'application/json');
    const [, id, action] = /^\/v1\/checkout\/sessions(?:\/([^/?]+))?(?:\/(expire))?/.exec(request.url ?? '') ?? [];
    if (id) asked.push(id);
    const session = id ? sessions.get(id) : undefined;
    if (id && failing.has(id)) {
      response.statusCode = 500;
      response.end(stripeError({ type: 'api_error', message: 'Something went wrong on Stripe\'s end.' }));
    } else if (request.method === 'POST' && !id) {
      const sent = new URLSearchParams(body);
      const created: StandInSession = {
        id: `${prefix}${newId().replace(/-/g, '')}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(sent.get('line_items[0][price_data][unit_amount]')),
        currency: sent.get('line_items[0][price_data][currency]')!,
      };
      sessions.set(created.id, created);
      if (createDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, createDelayMs));
      response.end(JSON.stringify(asStripe(created)));
    } else if (request.method === 'GET' && session) {
      const query = new URL(request.url!, 'http://stand-in').searchParams;
      response.end(JSON.stringify(asStripe(session, [...query.entries()].filter(([key]) => key.startsWith('expand')).map(([, value]) => value))));
    } else if (request.method === 'POST' && action === 'expire' && session?.status === 'open') {
      session.status = 'expired';
      response.end(JSON.stringify(asStripe(session)));
    } else if (session) {
      response.statusCode = 400;
      response.end(stripeError({ type: 'invalid_request_error', message: 'This session is not open.' }));
    } else {
      response.statusCode = 404;
      response.end(
        stripeError(
          unknownSession === 'resource_missing'
            ? { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${id}'` }
            : { type: 'invalid_request_error', message: 'No such checkout session' },
        ),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    sessions,
    asked,
    failing,
    pageOf,
    client: (secretKey) => createStripeClient(secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
