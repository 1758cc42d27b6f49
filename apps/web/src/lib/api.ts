/**
 * The one way the web app talks to the server: same-origin JSON over fetch.
 * State-changing calls carry the CSRF header the server insists on.
 */
import { CSRF_HEADER } from '@bloom/contracts/constants';

/** A non-OK answer from the server, with the message from its `{error:{message}}` envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function apiGet(path: string): Promise<unknown> {
  return request('GET', path);
}

export interface PostOptions {
  /** Let the request finish even if the page is reloaded or closed meanwhile (small bodies only). */
  keepalive?: boolean;
}

export function apiPost(path: string, body?: unknown, options: PostOptions = {}): Promise<unknown> {
  return request('POST', path, body, options);
}

/**
 * A call that gets no answer within this time fails like an unreachable server, so no page waits
 * on an endless spinner (DESIGN.md §11). Generous: the slowest honest call (a PDF) takes ~1 s.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/** No answer at all: offline, the server unreachable, or no reply within REQUEST_TIMEOUT_MS. */
export const NO_ANSWER_STATUS = 0;

let lastWriteAt = 0;

/** When the latest state-changing call was sent: a read started before it may show older data. */
export function lastWriteStartedAt(): number {
  return lastWriteAt;
}

async function request(method: 'GET' | 'POST', path: string, body?: unknown, options: PostOptions = {}): Promise<unknown> {
  if (method !== 'GET') lastWriteAt = performance.now();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      keepalive: options.keepalive,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(NO_ANSWER_STATUS, timedOut ? 'The server did not answer in time.' : 'The server could not be reached.', timedOut ? 'timeout' : 'offline');
  }
  if (!response.ok) throw await toApiError(response);
  return readBody(response);
}

/** 204 and empty bodies mean "nothing" (for example: nobody is signed in). */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text.trim() === '') return null;
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  // Some calls (GetSummaryText) answer with plain text on purpose.
  return isJson ? JSON.parse(text) : text;
}

async function toApiError(response: Response): Promise<ApiError> {
  let message = response.statusText || `Request failed with status ${response.status}`;
  let code: string | undefined;
  try {
    const payload: unknown = await response.json();
    const error = typeof payload === 'object' && payload !== null && 'error' in payload ? payload.error : undefined;
    if (typeof error === 'object' && error !== null) {
      if ('message' in error && typeof error.message === 'string') message = error.message;
      if ('code' in error && typeof error.code === 'string') code = error.code;
    }
  } catch {
    // Not JSON (a proxy error page, say): keep the status text.
  }
  return new ApiError(response.status, message, code);
}
