import type { EndpointName, Endpoints, EndpointSpec } from '@bloom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../db/handle';
import type { SessionContext } from '../sessions/sessions';

/**
 * What a handler receives and returns (decision 0025). The registry (register.ts) has already
 * counted the rate limit, checked the caller against the entry's rule and parsed the path,
 * query and body with the entry's schemas; a handler that writes runs inside the entry's
 * transaction, and `db` is that transaction.
 */
export interface EndpointCall<E extends EndpointSpec> {
  params: z.output<E['params']>;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
  /** The caller's session: never null unless the entry lets anyone call. */
  caller: E['caller'] extends 'anyone' ? SessionContext | null : SessionContext;
  /** The database, or the call's transaction when the entry writes (use nothing else to write). */
  db: Db;
  app: FastifyInstance;
  /** For what is not the answer's body: cookies, the client's address, logging. */
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A JSON body serialised ahead of time (content built once, cached reports), typed as the value it holds. */
export class JsonText<T> {
  declare private readonly of?: T;
  constructor(readonly text: string) {}
}

/** Domain values are read-only; a handler may return them as they are. */
type DeepReadonly<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

type JsonValue<S> = S extends z.ZodType ? DeepReadonly<z.input<S>> : never;

/** The JSON value of a named entry's answer, for a `JsonText` built ahead of time. */
export type Json<K extends HandledName> = Endpoints[K]['response'] extends { kind: 'json'; schema: infer S } ? JsonValue<S> : never;

/** What a handler returns for its entry's response kind. */
export type EndpointOutput<E extends EndpointSpec> = E['response'] extends { kind: 'json'; schema: infer S; orNoContent: infer N }
  ? JsonValue<S> | JsonText<JsonValue<S>> | (N extends true ? null : never)
  : E['response'] extends { kind: 'redirect' }
    ? { redirectUrl: string }
    : E['response'] extends { kind: 'text' }
      ? string
      : E['response'] extends { kind: 'download'; schema: infer S }
        ? S extends z.ZodType
          ? JsonValue<S>
          : Readable | string | Buffer
        : never;

export type EndpointHandler<E extends EndpointSpec> = (call: EndpointCall<E>) => Promise<EndpointOutput<E>>;

/** Entries answered by a handler of their own; an alias (`aliasOf`) is answered by its target's. */
export type HandledName = { [K in EndpointName]: Endpoints[K]['aliasOf'] extends string ? never : K }[EndpointName];

/** One handler per entry, by the entry's name: a missing or extra one fails the type check. */
export type EndpointHandlers = { [K in HandledName]: EndpointHandler<Endpoints[K]> };

/** The call and answer of one named entry, for writing a handler: `async function x(call: Call<'x'>): Promise<Output<'x'>>`. */
export type Call<K extends HandledName> = EndpointCall<Endpoints[K]>;
export type Output<K extends HandledName> = EndpointOutput<Endpoints[K]>;
