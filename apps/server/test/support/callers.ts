import { sessionCookieSettings } from '../../src/sessions/sessions';
import { TestClient, type TestResponse, type TestServer } from '../harness';
import type { CallerKind, World } from './world';

/** A browser-like client holding the session of `caller` in `world` (no cookie for anonymous), from the world's own address. */
export function clientFor(server: TestServer, world: World, caller: CallerKind): TestClient & { forwardedFor: string } {
  const client = new TestClient(server.baseUrl) as TestClient & { forwardedFor: string };
  const token = world.tokens[caller];
  if (token) client.cookies.set(sessionCookieSettings(false).name, token);
  client.forwardedFor = world.forwardedFor;
  return client;
}

export function send(client: TestClient & { forwardedFor?: string }, method: string, path: string, body?: unknown): Promise<TestResponse> {
  const headers: Record<string, string> = {};
  if (client.forwardedFor) headers['x-forwarded-for'] = client.forwardedFor;
  return client.request(method, path, { json: body, headers });
}

/** True when the body is Bloom's error envelope `{error:{code,message}}` with non-empty strings. */
export function isErrorEnvelope(response: TestResponse): boolean {
  const body = response.body as { error?: { code?: unknown; message?: unknown } } | string;
  if (typeof body !== 'object' || body === null || typeof body.error !== 'object' || body.error === null) return false;
  const { code, message } = body.error;
  return typeof code === 'string' && code.length > 0 && typeof message === 'string' && message.length > 0;
}

/** Which of `markers` occur in the response text (case-insensitive: e-mails may be lower-cased on the way). */
export function leakedMarkers(text: string, markers: readonly string[]): string[] {
  const haystack = text.toLowerCase();
  return markers.filter((marker) => haystack.includes(marker.toLowerCase()));
}
