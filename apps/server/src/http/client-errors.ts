import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { envelope } from './errors';

/**
 * Requests Node's HTTP parser refuses before Fastify has a request or a reply: headers over its
 * limit (a browser carrying many cookies for the site), a malformed header line or length, a
 * request that took too long to arrive. Fastify's own answer to these is in its shape, not the
 * JSON envelope every other failure has, and carries no security header; this one writes the
 * envelope with the API's security headers (the target may not even have been read) and closes
 * the connection, as Node does.
 */
export function clientErrorHandlerFor(apiHeaders: Readonly<Record<string, string>>) {
  const headerLines = Object.entries(apiHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, code, message } = describeClientError(error.code);
    this.log.debug({ err: error }, 'request refused by the HTTP parser');
    if (socket.writable) {
      const body = JSON.stringify(envelope(code, message));
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

function describeClientError(parserCode: string | undefined): { status: number; code: string; message: string } {
  if (parserCode === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive. Please try again.' };
  if (parserCode === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'headers_too_large', message: "The request's headers are too large. Clearing this site's cookies in the browser may help." };
  }
  return { status: 400, code: 'bad_request', message: 'The request could not be read.' };
}
