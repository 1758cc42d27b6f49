import { Agent, request } from 'undici';

/** Latency samples per call label, in milliseconds. */
export class Recorder {
  readonly samples = new Map<string, number[]>();
  errors = 0;
  readonly errorExamples: string[] = [];
  record(label: string, ms: number): void {
    let list = this.samples.get(label);
    if (!list) this.samples.set(label, (list = []));
    list.push(ms);
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

/** One simulated browser: its own cookie jar and forwarded address, timing every call. */
export class SimUser {
  private cookie = '';
  constructor(
    private readonly baseUrl: string,
    private readonly recorder: Recorder,
    private readonly forwardedFor: string,
  ) {}

  async call<T = unknown>(label: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.forwardedFor };
    if (method === 'POST') headers['x-bloom-csrf'] = '1';
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const response = await request(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: agent,
    });
    const text = await response.body.text();
    this.recorder.record(label, performance.now() - started);
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';')[0]!;
      if (pair.includes('session')) this.cookie = pair;
    }
    if (response.statusCode >= 400) {
      this.recorder.error(`${method} ${path} → ${response.statusCode} ${text.slice(0, 120)}`);
      throw new Error(`HTTP ${response.statusCode}`);
    }
    const type = String(response.headers['content-type'] ?? '');
    return (type.includes('json') && text ? JSON.parse(text) : text) as T;
  }
}

/** Runs `scenario` for every simulated user, `concurrency` at a time, until `durationMs` has passed. */
export async function runUsers(
  options: { baseUrl: string; concurrency: number; durationMs: number },
  scenario: (user: SimUser) => Promise<void>,
): Promise<{ recorder: Recorder; sessions: number; seconds: number }> {
  const recorder = new Recorder();
  const deadline = Date.now() + options.durationMs;
  let sessions = 0;
  let nextUser = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (Date.now() < deadline) {
        const id = nextUser++;
        const user = new SimUser(options.baseUrl, recorder, `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`);
        try {
          await scenario(user);
          sessions += 1;
        } catch {
          // counted by the recorder
        }
      }
    }),
  );
  return { recorder, sessions, seconds: (performance.now() - started) / 1000 };
}
