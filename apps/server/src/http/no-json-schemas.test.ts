import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { NO_JSON_SCHEMAS } from './no-json-schemas';

describe('NO_JSON_SCHEMAS', () => {
  it('refuses, when the server starts, a route that brings a body schema', async () => {
    const app = Fastify({ schemaController: NO_JSON_SCHEMAS });
    app.post('/with-schema', { schema: { body: { type: 'object' } } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/does not validate with JSON schemas/);
  });

  it('refuses a response schema too', async () => {
    const app = Fastify({ schemaController: NO_JSON_SCHEMAS });
    app.get('/with-response', { schema: { response: { 200: { type: 'object' } } } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/does not serialize with JSON schemas/);
  });

  it('lets a schema without validation or serialization through, as @fastify/static registers its routes', async () => {
    const app = Fastify({ schemaController: NO_JSON_SCHEMAS });
    // `hide` is @fastify/swagger's key, which Fastify's own types do not list.
    const staticRouteSchema: object = { hide: true };
    app.get('/hidden', { schema: staticRouteSchema }, async () => ({ ok: true }));
    const response = await app.inject({ method: 'GET', url: '/hidden' });
    expect(response.json()).toEqual({ ok: true });
  });

  it("keeps Fastify's compilers out of the process", async () => {
    const app = Fastify({ schemaController: NO_JSON_SCHEMAS });
    app.post('/plain', async (request) => request.body);
    await app.inject({ method: 'POST', url: '/plain', payload: { a: 1 } });
    // Resolved from fastify's own folder, where its require would find them.
    const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
    const cache = createRequire(import.meta.url).cache;
    expect(cache[fromFastify.resolve('@fastify/ajv-compiler')]).toBeUndefined();
    expect(cache[fromFastify.resolve('@fastify/fast-json-stringify-compiler')]).toBeUndefined();
  });
});
