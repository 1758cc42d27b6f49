import { z } from 'zod';
import { redirectResponseSchema } from '../user';
import { PATH_PARAM } from './paths';

/**
 * One API endpoint as data (decision 0024): what a client needs to build the URL and type the
 * answer, and what the server needs to register, authorize, validate and choose a transaction.
 * The chain each entry describes, in order: rate limit → caller → ownership → validate
 * (params, query, body) → transaction (when it writes) → handler → response.
 */
export type HttpMethod = 'GET' | 'POST';

/**
 * Who may call, checked before anything is looked up:
 * - `anyone`: no session needed;
 * - `session`: any session, guests included (none → 401);
 * - `member`: a signed-in, non-guest person (none or a guest → 401);
 * - `coachOrApplicant`: a member whose coach account is approved or awaiting approval (other members → 403);
 * - `coach`: a member with an approved coach account (other members, pending coaches → 403);
 * - `admin`: a member named in ADMIN_EMAILS (other members → 403).
 */
export type CallerRule = 'anyone' | 'session' | 'member' | 'coachOrApplicant' | 'coach' | 'admin';

/**
 * How an id the caller names (in the path or query) is checked against the caller. Anything
 * that fails the check answers 404, the same as an unknown or malformed id (no existence leak):
 * - `own`: the caller's own record (their assessment, checkout, consent, pre-grant request);
 * - `readable`: an assessment that is the caller's own, or a client's while the client's coach access is granted;
 * - `client`: a user who is a client of the calling coach;
 * - `clientAssessment`: an assessment whose owner is a client of the calling coach;
 * - `selfOrClient`: the caller themselves, or (for a coach, else 403) a client of theirs;
 * - `coachOwn`: an organization, group or invitation of the calling coach.
 */
export type OwnershipScope = 'own' | 'readable' | 'client' | 'clientAssessment' | 'selfOrClient' | 'coachOwn';

/**
 * What a successful call answers with. Every failure, whatever the kind, is the JSON error
 * envelope (`errorEnvelopeSchema`).
 * - `json`: a JSON body of `schema`; `status` 200 or 201; `orNoContent`: 204 with no body is also a success.
 * - `text`: a plain-text body.
 * - `download`: a file to save (`content-disposition: attachment`), JSON of `schema` or other bytes.
 * - `redirect`: a JSON hand-off `{ redirectUrl }` the browser navigates to (Bloom's API never answers 3xx).
 */
export type ResponseSpec =
  | { readonly kind: 'json'; readonly schema: z.ZodType; readonly status: 200 | 201; readonly orNoContent: boolean }
  | { readonly kind: 'text'; readonly contentType: 'text/plain' }
  | { readonly kind: 'download'; readonly contentType: string; readonly filename: string; readonly schema: z.ZodType | null }
  | { readonly kind: 'redirect'; readonly schema: typeof redirectResponseSchema };

/**
 * A path segment with fixed values (`{true|false}`, `{type}`): matched case-insensitively, as
 * every path is (DESIGN §1), and handed to the handler in its own spelling, so
 * `CreateNewAssessment/rapid` starts a Rapid assessment rather than answering 400.
 */
export function pathChoice<const T extends readonly [string, ...string[]]>(values: T) {
  const spelling = new Map(values.map((value) => [value.toLowerCase(), value]));
  return z.preprocess((value: T[number]) => (typeof value === 'string' ? (spelling.get(value.toLowerCase()) ?? value) : value), z.enum(values));
}

export function json<S extends z.ZodType, const Status extends 200 | 201 = 200, const NoContent extends boolean = false>(
  schema: S,
  options: { status?: Status; orNoContent?: NoContent } = {},
): { readonly kind: 'json'; readonly schema: S; readonly status: Status; readonly orNoContent: NoContent } {
  return { kind: 'json', schema, status: (options.status ?? 200) as Status, orNoContent: (options.orNoContent ?? false) as NoContent };
}
export function text() {
  return { kind: 'text', contentType: 'text/plain' } as const;
}
export function download<S extends z.ZodType | null = null>(contentType: string, filename: string, schema: S = null as S) {
  return { kind: 'download', contentType, filename, schema } as const;
}
export function redirect() {
  return { kind: 'redirect', schema: redirectResponseSchema } as const;
}

/** Path parameter names of a `{param}` path; `{param?}` is an optional last segment. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer Bare}?` ? Bare : Name) | PathParamNames<Rest>
  : never;

type ParamsShape<P extends string> = { [K in PathParamNames<P>]: z.ZodType };
type NoParams = z.ZodObject<Record<never, z.ZodType>>;

export interface EndpointSpec<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.ZodObject = z.ZodObject,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  R extends ResponseSpec = ResponseSpec,
> {
  readonly method: M;
  /** The spec's path, `{param}` for a segment and `{param?}` for an optional last segment. */
  readonly path: P;
  /** One schema per path parameter, and nothing else. */
  readonly params: Params;
  readonly query: Query;
  /** The JSON body; undefined for calls without one (see also `rawBody`). */
  readonly body: Body;
  /** The body is read as raw bytes (a provider-signed webhook); no JSON parsing. */
  readonly rawBody: boolean;
  readonly response: R;
  readonly caller: CallerRule;
  /** Ids the call checks against the caller, by parameter (path or query) name. */
  readonly owns: Readonly<Record<string, OwnershipScope>>;
  /** Without an owned id, the call acts on the caller's latest assessment (404 when they have none). */
  readonly actsOn: 'latestAssessment' | null;
  /** State-changing: the server runs it in one transaction and waits for durability before answering. */
  readonly writes: boolean;
  /** The rate limit (by name) counted before anything else; null when none. */
  readonly rateLimit: RateLimitName | null;
  /** The path parameter that takes the rest of the path (registered as `*`), for names that may be long once encoded. */
  readonly wildcard: string | null;
  /** Exempt from the CSRF header check: only provider-signed webhooks. */
  readonly csrfExempt: boolean;
  /** Another entry this one answers exactly like (the spec's GetWixLoginUrl* aliases). */
  readonly aliasOf: string | null;
  readonly cache: CachePolicy | null;
  /** Set when the call writes but waits on another service, so it runs without a transaction. */
  readonly callsOut: OutsideService | null;
  /**
   * Set when the call's writes are all-or-nothing without the registry's transaction, saying how
   * (decision 0035): on PostgreSQL a transaction costs two round trips of its own, BEGIN and
   * COMMIT, as many as the whole work of such a call. null: a writing call gets the transaction.
   */
  readonly atomicAlone: string | null;
  /**
   * Set when the call's writes leave the caller's user and session rows as they were (or, for
   * the saved route, put the change into this instance's cached sessions themselves), saying
   * which rows it writes instead. On PostgreSQL the instance answering a write otherwise forgets
   * the caller's cached sessions, and their next request there reads them again (decision 0035).
   * null: forget them.
   */
  readonly keepsCallerSession: string | null;
  /** The 400 for a body that fails `body`; null: the generic "Invalid body" message. */
  readonly badBody: BodyRefusal | null;
}

/**
 * What a successful answer tells caches (`cache-control`); null: no header.
 * - `private`: personal data, kept by no cache and not on the browser's disk (`private, no-store`);
 * - `no-store`: a one-off answer (sign-in hand-offs, exports);
 * - `public`: content that changes only with a deploy, cached for five minutes.
 */
export type CachePolicy = 'private' | 'no-store' | 'public';

/**
 * A state-changing call that waits on another service (the identity provider's token endpoint,
 * the payment provider's API) takes no surrounding transaction: holding one open across a
 * network call would stall every other request on SQLite's one connection, and the embedded
 * identity provider answers through that same database. Such a call keeps its writes as
 * single atomic statements.
 */
export type OutsideService = 'identity provider' | 'payment provider';

/** A 400 for a body that fails its schema, when the call words its own refusal. */
export interface BodyRefusal {
  readonly code: string;
  readonly message: string;
}

/** Rate limits stored in the database (apps/server/src/auth/rate-limit.ts), by the name of their key. */
export type RateLimitName = 'login-url' | 'guest' | 'assessment-create' | 'coach-invite' | 'consent-change' | 'purchase-start';

interface EndpointInput<
  M extends HttpMethod,
  P extends string,
  Shape extends ParamsShape<P>,
  Query extends z.ZodObject | undefined,
  Body extends z.ZodType | undefined,
  R extends ResponseSpec,
  A extends string | undefined,
> {
  method: M;
  path: P;
  /** Required when the path has parameters; its keys must be exactly the path's parameter names. */
  params?: z.ZodObject<Shape>;
  query?: Query;
  body?: Body;
  rawBody?: boolean;
  response: R;
  caller: CallerRule;
  owns?: Partial<Record<PathParamNames<P> | (Query extends z.ZodObject ? Extract<keyof Query['shape'], string> : never), OwnershipScope>>;
  actsOn?: 'latestAssessment';
  writes: boolean;
  rateLimit?: RateLimitName;
  wildcard?: PathParamNames<P>;
  csrfExempt?: boolean;
  aliasOf?: A;
  cache?: CachePolicy;
  callsOut?: OutsideService;
  atomicAlone?: string;
  keepsCallerSession?: string;
  badBody?: BodyRefusal;
}

/** Builds one entry; the types keep `params` in step with the path's `{param}` names. */
export function endpoint<
  const M extends HttpMethod,
  const P extends string,
  Shape extends ParamsShape<P>,
  Query extends z.ZodObject | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  const R extends ResponseSpec = ResponseSpec,
  const A extends string | undefined = undefined,
>(
  input: EndpointInput<M, P, Shape, Query, Body, R, A>,
): EndpointSpec<M, P, [PathParamNames<P>] extends [never] ? NoParams : z.ZodObject<Shape>, Query, Body, R> & { readonly aliasOf: A extends string ? A : null } {
  const entry: EndpointSpec = {
    method: input.method,
    path: input.path,
    params: (input.params ?? z.object({})) as never,
    query: input.query as Query,
    body: input.body as Body,
    rawBody: input.rawBody ?? false,
    response: input.response,
    caller: input.caller,
    owns: (input.owns ?? {}) as Record<string, OwnershipScope>,
    actsOn: input.actsOn ?? null,
    writes: input.writes,
    rateLimit: input.rateLimit ?? null,
    wildcard: input.wildcard ?? null,
    csrfExempt: input.csrfExempt ?? false,
    aliasOf: input.aliasOf ?? null,
    cache: input.cache ?? null,
    callsOut: input.callsOut ?? null,
    atomicAlone: input.atomicAlone ?? null,
    keepsCallerSession: input.keepsCallerSession ?? null,
    badBody: input.badBody ?? null,
  };
  return entry as never;
}

export { buildUrl, fillPath, pathParams, type ParamValue } from './paths';

/** The route as Fastify registers it: `{id}` → `:id`, `{id?}` → `:id?`, the wildcard parameter → `*`. */
export function toFastifyPath(entry: Pick<EndpointSpec, 'path' | 'wildcard'>): string {
  return entry.path.replace(PATH_PARAM, (_whole, name: string, optional: string | undefined) =>
    name === entry.wildcard ? '*' : `:${name}${optional ?? ''}`,
  );
}

/** The input types a client passes and the output type it gets back. */
export type EndpointParams<E extends EndpointSpec> = z.input<E['params']>;
export type EndpointQuery<E extends EndpointSpec> = E['query'] extends z.ZodObject ? z.input<E['query']> : undefined;
export type EndpointBody<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type EndpointResult<E extends EndpointSpec> = E['response'] extends { kind: 'json'; schema: infer S extends z.ZodType; orNoContent: infer N }
  ? z.output<S> | (N extends true ? null : never)
  : E['response'] extends { kind: 'redirect' }
    ? z.output<typeof redirectResponseSchema>
    : E['response'] extends { kind: 'text' }
      ? string
      : E['response'] extends { kind: 'download'; schema: infer S extends z.ZodType }
        ? z.output<S>
        : Blob;
