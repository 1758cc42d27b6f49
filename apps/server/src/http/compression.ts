/**
 * Large API answers are compressed for clients that accept it: brotli, else gzip.
 *
 * Why only large ones: an answer under about 14 KB arrives in the first round trip of a
 * connection (TCP's initial window is ten segments), so compressing it saves a phone no round
 * trip while costing the server CPU on every call. The big answers (the profile report, the
 * plan, the coach's lists, a person's data download) are many round trips on a slow network,
 * and shrink to a fifth. The compression runs on libuv's thread pool, off the event loop.
 * Streams (the admin's CSV export) pass as they are; static files are compressed at build
 * time and already carry their encoding.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_MIN_BYTES = 14 * 1024;
const COMPRESSIBLE_TYPE = /^(application\/json|text\/)/i;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | undefined;

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality === undefined || !/^\s*q\s*=\s*0(\.0*)?\s*$/i.test(quality))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function compress(body: Buffer | string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
    : gzipAsync(body, { level: 6 });
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // Characters rather than bytes for text: close enough for a threshold, and no scan of the body.
    if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || payload.length < COMPRESS_MIN_BYTES) return done(null, payload);
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    compress(payload, encoding).then((compressed) => {
      reply.header('content-encoding', encoding);
      done(null, compressed);
    }, done);
  });
}
