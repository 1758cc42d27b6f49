import { endpoints, toFastifyPath, type CachePolicy, type EndpointName, type EndpointSpec, type ResponseSpec } from '@bloom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { acceptEmptyJsonBodies } from '../auth/empty-json-body';
import { hitRateLimits, tooManyRequests } from '../auth/rate-limit';
import { inTransaction } from '../db/accelerator';
import { AppError, parseInput } from '../http/errors';
import { runAfterCommit } from '../http/after-commit';
import { JsonText, type EndpointCall, type EndpointHandler, type EndpointHandlers, type HandledName } from './call';
import { checkCaller } from './callers';
import { RATE_LIMITS } from './rate-limits';

/**
 * Registers every API route from the endpoint table (decision 0025): one route per entry, in
 * the chain the entry describes (outline's route chain, as data):
 *   rate limit → caller → validate (path, query, body) → transaction → handler → response.
 * (No transaction for an entry that calls out, or whose writes are all-or-nothing without one:
 * the entry's `callsOut` and `atomicAlone`.)
 * Ownership of the ids a call names is the handler's first step (a named guard such as
 * `requireOwnAssessment`); the authorization matrix holds each handler to its entry's `owns`.
 * `handlers` must have exactly one handler per entry that is not an alias: a missing one is a
 * type error, and so is one without an entry.
 */
export async function registerEndpoints<H extends EndpointHandlers>(app: FastifyInstance, handlers: H & Record<Exclude<keyof H, HandledName>, never>): Promise<void> {
  const named = Object.entries(endpoints) as Array<[EndpointName, EndpointSpec]>;
  await app.register(async (scope) => {
    // POSTs without a body may still say `content-type: application/json` (empty-json-body.ts).
    acceptEmptyJsonBodies(scope);
    for (const [name, entry] of named) if (!entry.rawBody) scope.route(routeOf(app, name, entry, handlers));
  });
  for (const [name, entry] of named) {
    if (!entry.rawBody) continue;
    await app.register(async (scope) => {
      // A provider-signed body is checked against the exact bytes sent, so it is read raw.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: RAW_BODY_LIMIT }, (_request, body, done) => done(null, body));
      scope.route(routeOf(app, name, entry, handlers));
    });
  }
}

/** Paths exempt from the CSRF header check: only provider-signed webhooks (`csrfExempt` entries). */
export const CSRF_EXEMPT_PATHS: string[] = Object.values(endpoints as Record<string, EndpointSpec>)
  .filter((entry) => entry.csrfExempt)
  .map((entry) => entry.path);

/** Provider events (Stripe's) can be larger than the API's usual 64 KB JSON bodies. */
const RAW_BODY_LIMIT = 512 * 1024;

const CACHE_HEADERS: Record<CachePolicy, string> = {
  private: 'private, no-store',
  'no-store': 'no-store',
  public: 'public, max-age=300',
};

const JSON_TYPE = 'application/json; charset=utf-8';

function routeOf(app: FastifyInstance, name: EndpointName, entry: EndpointSpec, handlers: EndpointHandlers) {
  const handler = handlers[(entry.aliasOf ?? name) as HandledName] as unknown as EndpointHandler<EndpointSpec> | undefined;
  if (!handler) throw new Error(`No handler for the endpoint ${name}`);
  const { database, config } = app;
  const rateLimit = entry.rateLimit ? RATE_LIMITS[entry.rateLimit] : null;
  // An absent body reads as `{}`, unless the entry's body is optional.
  const absentBody = entry.body && !entry.body.safeParse(undefined).success ? {} : undefined;
  const transactional = entry.writes && entry.callsOut === null && entry.atomicAlone === null;

  return {
    method: entry.method,
    url: toFastifyPath(entry),
    // Names the endpoint for per-endpoint figures: /metrics (operations/metrics.ts) and db/round-trips.ts.
    // keepsCallerSession: read by the sessions plugin before a write is answered (sessions/plugin.ts).
    config: { endpoint: name, keepsCallerSession: entry.keepsCallerSession !== null },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (rateLimit) {
        const keys = rateLimit.keys(request);
        if (keys.length > 0) {
          const result = await hitRateLimits(database.db, keys);
          if (!result.allowed) throw tooManyRequests(reply, result, rateLimit.message);
        }
      }
      const caller = checkCaller(entry.caller, request.session, config);
      const call = {
        params: parseInput(entry.params, pathParamsOf(entry, request.params), 'address'),
        query: entry.query ? parseInput(entry.query, request.query ?? {}, 'query') : undefined,
        body: entry.body ? parseBody(entry, entry.body, request.body ?? absentBody) : undefined,
        caller,
        app,
        request,
        reply,
      } as Omit<EndpointCall<EndpointSpec>, 'db'>;
      const output = transactional
        ? await inTransaction(database.db, (db) => handler({ ...call, db }))
        : await handler({ ...call, db: database.db });
      runAfterCommit(request);
      // POSTs wait for durability in the app's onSend hook; a GET that writes waits here.
      if (entry.writes && request.method === 'GET') await database.flushDurable();
      if (reply.sent) return reply;
      if (entry.cache) reply.header('cache-control', CACHE_HEADERS[entry.cache]);
      return answer(entry.response, output, reply);
    },
  };
}

/** Fastify's parameters under the entry's names (the wildcard one arrives as `*`). */
function pathParamsOf(entry: EndpointSpec, params: unknown): Record<string, unknown> {
  const values = { ...(params as Record<string, unknown>) };
  if (entry.wildcard) {
    values[entry.wildcard] = values['*'];
    delete values['*'];
  }
  return values;
}

function parseBody(entry: EndpointSpec, schema: z.ZodType, body: unknown): unknown {
  if (!entry.badBody) return parseInput(schema, body, 'body');
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(400, entry.badBody.code, entry.badBody.message);
  return parsed.data;
}

function answer(response: ResponseSpec, output: unknown, reply: FastifyReply): unknown {
  switch (response.kind) {
    case 'json':
      if (output === null && response.orNoContent) return reply.status(204).send();
      if (response.status !== 200) reply.status(response.status);
      return output instanceof JsonText ? reply.type(JSON_TYPE).send(output.text) : output;
    case 'redirect':
      return output;
    case 'text':
      return reply.type('text/plain; charset=utf-8').send(output);
    case 'download':
      reply.header('content-disposition', `attachment; filename="${response.filename}"`);
      if (response.schema) return output;
      return reply.type(response.contentType.startsWith('text/') ? `${response.contentType}; charset=utf-8` : response.contentType).send(output);
  }
}
