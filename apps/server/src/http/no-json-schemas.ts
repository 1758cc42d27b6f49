import type { FastifyServerOptions } from 'fastify';

/**
 * Bloom validates every input with zod (api/register.ts) and writes its answers with
 * `JSON.stringify`, so no route gives Fastify a JSON schema to compile. Fastify would still load
 * its own compilers at start-up (Ajv twice, fast-json-stringify: 250 modules and about 3 MB of
 * live heap, docs/performance.md "Memory, fourth round") unless it is handed builders of its own.
 * These builders refuse instead, so a route or plugin that ever brings a body, query, params,
 * headers or response schema fails when the server starts, not quietly unvalidated.
 */
export const NO_JSON_SCHEMAS: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: () => refuse('validate'),
    buildSerializer: () => refuse('serialize'),
  },
};

function refuse(what: string): never {
  throw new Error(`Bloom does not ${what} with JSON schemas: parse the input with zod where the route is registered (api/register.ts).`);
}
