import { Agent, request } from 'undici';

/** Latency samples per call label, in milliseconds. */
export class Recorder {
  readonly samples = new Map<string, number[]>();
  errors = 0;
  readonly errorExamples: string[] = [];
  /** Calls that ended before `windowEnd` (performance.now()), while every simulated user was still active. */
  inWindow = 0;
  windowEnd = Number.POSITIVE_INFINITY;
  record(label: string, ms: number): void {
    let list = this.samples.get(label);
    if (!list) this.samples.set(label, (list = []));
    list.push(ms);
    if (performance.now() <= this.windowEnd) this.inWindow += 1;
  }
  error(message: string): void {
    this.errors += 1;
    if (this.errorExamples.length < 5) this.errorExamples.push(message);
  }
  all(): number[] {
    return [...this.samples.values()].flat();
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const agent = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SimUserOptions {
  /**
   * Instances to talk to. With more than one, consecutive calls go to the next instance in
   * turn, so every step of a session is served by a different instance than the one before.
   */
  baseUrls: readonly string[];
  recorder: Recorder;
  forwardedFor: string;
  /** Pause before each call, like a person reading the page; 0 for back-to-back calls. */
  thinkMs?: number;
}

/** One simulated browser: its own cookie jar and forwarded address, timing every call. */
export class SimUser {
  private cookie = '';
  private calls = 0;
  constructor(private readonly options: SimUserOptions) {}

  async call<T = unknown>(label: string, method: 'GET' | 'POST', path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const { baseUrls, recorder, forwardedFor, thinkMs = 0 } = this.options;
    if (thinkMs > 0) await sleep(thinkMs);
    const baseUrl = baseUrls[this.calls++ % baseUrls.length]!;
    const headers: Record<string, string> = { 'x-forwarded-for': forwardedFor, ...extraHeaders };
    if (method === 'POST') headers['x-bloom-csrf'] = '1';
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let response;
    let text;
    try {
      response = await request(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: agent,
      });
      text = await response.body.text();
    } catch (error) {
      recorder.error(`${method} ${path} → ${(error as Error).message}`);
      throw error;
    }
    recorder.record(label, performance.now() - started);
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';')[0]!;
      if (pair.includes('session')) this.cookie = pair;
    }
    if (response.statusCode >= 400) {
      recorder.error(`${method} ${path} → ${response.statusCode} ${text.slice(0, 120)}`);
      throw new Error(`HTTP ${response.statusCode}`);
    }
    const type = String(response.headers['content-type'] ?? '');
    return (type.includes('json') && text ? JSON.parse(text) : text) as T;
  }

  /** Uses a session created outside the load (a seeded member). */
  useSessionCookie(cookie: string): void {
    this.cookie = cookie;
  }
}

export interface LoadOptions {
  baseUrls: readonly string[];
  concurrency: number;
  durationMs: number;
  thinkMs?: number;
  /**
   * Spreads the users' starts evenly over this long (user k of n starts after k/n of it), so
   * they arrive as independent people do instead of all in the same millisecond.
   */
  rampUpMs?: number;
}

export interface LoadResult {
  recorder: Recorder;
  sessions: number;
  /** From the first call to the last user's last call, ramp-down included. */
  seconds: number;
  /** The measured window: from the first call to the deadline, while all `concurrency` users were running. */
  windowSeconds: number;
}

/** Numbers simulated users across every run in this process, so no forwarded address repeats. */
let nextUser = 0;

/** Runs `scenario` for every simulated user, `concurrency` at a time, until `durationMs` has passed. */
export async function runUsers(options: LoadOptions, scenario: (user: SimUser) => Promise<void>): Promise<LoadResult> {
  const recorder = new Recorder();
  const deadline = Date.now() + options.durationMs;
  let sessions = 0;
  const started = performance.now();
  recorder.windowEnd = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, slot) => {
      if (options.rampUpMs) await sleep((slot / options.concurrency) * options.rampUpMs);
      while (Date.now() < deadline) {
        const id = nextUser++;
        // Addresses in 10/8 are only ever written into a header: all traffic goes to loopback.
        const forwardedFor = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;
        const user = new SimUser({ baseUrls: options.baseUrls, recorder, forwardedFor, thinkMs: options.thinkMs });
        try {
          await scenario(user);
          sessions += 1;
        } catch {
          // counted by the recorder
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { recorder, sessions, seconds, windowSeconds: Math.min(seconds, options.durationMs / 1000) };
}

/**
 * Requests per second while every simulated user was running: calls that ended within the
 * window over the window's length. After the deadline each user still finishes the session it
 * is in, so fewer and fewer are left; counting that ramp-down would charge a scenario with long
 * sessions (the 62-call journey) more than one with short ones (the bare server's 20 calls).
 */
export function requestsPerSecond(result: LoadResult): number {
  return result.recorder.inWindow / result.windowSeconds;
}

/** Several runs (e.g. the halves of an interleaved measurement) as one. */
export function mergeResults(results: readonly LoadResult[]): LoadResult {
  const recorder = new Recorder();
  for (const result of results) {
    for (const [label, samples] of result.recorder.samples) for (const sample of samples) recorder.record(label, sample);
    recorder.errors += result.recorder.errors;
    for (const example of result.recorder.errorExamples) if (recorder.errorExamples.length < 5) recorder.errorExamples.push(example);
  }
  // Replaying the samples above counted them all; the parts' own windows are what count.
  recorder.inWindow = results.reduce((sum, r) => sum + r.recorder.inWindow, 0);
  return {
    recorder,
    sessions: results.reduce((sum, r) => sum + r.sessions, 0),
    seconds: results.reduce((sum, r) => sum + r.seconds, 0),
    windowSeconds: results.reduce((sum, r) => sum + r.windowSeconds, 0),
  };
}
