/**
 * Report speed: starts Bloom on a fresh SQLite database, seeds a member with a finished
 * 90-item (Professional) assessment and a bought plan, then loads GetPositivityPlan and
 * GetBloomProfileReport with autocannon (10 connections, 5 s each) and prints the median and
 * p99 latency. Prints, never asserts. Target: p99 < 20 ms.
 * Run: node --import tsx bench/reports.ts
 */
import { createRequire } from 'node:module';
import { migratedSqliteFile, Seeder } from './support/seed';
import { BLOOM_ENTRY, newDataDir, startProcess } from './support/server-process';

/** The parts of autocannon's API used here (the package ships no types). */
interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  errors: number;
  non2xx: number;
}
type Autocannon = (options: { url: string; connections: number; duration?: number; amount?: number; headers: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = 10;
const SECONDS = 5;

/** A member and a session cookie, written before the server starts (no sign-in flow needed). */
async function seedMember(dataDir: string): Promise<string> {
  const seeder = new Seeder(await migratedSqliteFile(dataDir));
  const cookie = seeder.session(seeder.user({ email: 'bench@bloom.test', firstName: 'Bench', lastName: 'Mark' }));
  seeder.close();
  return cookie;
}

async function call<T = any>(baseUrl: string, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { cookie };
  if (method === 'POST') headers['x-bloom-csrf'] = '1';
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A finished Professional assessment with its plan bought in the sandbox store. */
async function seedAssessment(baseUrl: string, cookie: string): Promise<string> {
  const { id } = await call<{ id: string }>(baseUrl, cookie, 'POST', '/api/user/CreateNewAssessment/Professional');
  let n = 0;
  for (const moduleName of ['Experiences', 'Feelings', 'Energy']) {
    const view = await call<{ wellsprings: { questions: { questionGuid: string; order: number }[] }[] }>(baseUrl, cookie, 'GET', `/api/data/GetModuleQuestions/${moduleName}`);
    const answers = view.wellsprings.flatMap((w) => w.questions).map((q) => ({ questionGuid: q.questionGuid, response: (n++ * 7) % 5, order: q.order }));
    await call(baseUrl, cookie, 'POST', '/api/user/SaveQuestionResponse', answers);
  }
  const { redirectUrl } = await call<{ redirectUrl: string }>(baseUrl, cookie, 'POST', `/api/user/GetPurchaseUrl/${id}`);
  const session = new URL(redirectUrl, baseUrl).searchParams.get('session')!;
  await call(baseUrl, cookie, 'POST', `/api/purchase/sandbox/${session}/pay`);
  const confirmed = await call<{ unlocked: boolean }>(baseUrl, cookie, 'GET', `/api/user/PurchaseSuccessCallback?session=${session}`);
  if (!confirmed.unlocked) throw new Error('the plan did not unlock');
  return id;
}

async function load(title: string, url: string, cookie: string): Promise<void> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  const { latency } = result;
  const errors = result.errors + result.non2xx;
  console.log(
    `${title.padEnd(24)} median ${latency.p50.toFixed(1)} ms   p99 ${latency.p99.toFixed(1)} ms   ${Math.round(result.requests.average)} req/s` +
      `   ${result.requests.total} requests${errors ? `, ${errors} errors/non-2xx` : ''}   (target p99 < 20 ms)`,
  );
}

async function main(): Promise<void> {
  const dataDir = newDataDir();
  const cookie = await seedMember(dataDir);
  const server = await startProcess(BLOOM_ENTRY, {}, { dataDir });
  try {
    const id = await seedAssessment(server.baseUrl, cookie);
    console.log(`Reports under load — ${CONNECTIONS} connections, ${SECONDS} s each, SQLite, one 90-item assessment\n`);
    // A short warm-up so JIT and the norms cache are hot before measuring.
    await autocannon({ url: `${server.baseUrl}/api/data/GetPositivityPlan/${id}`, connections: 2, amount: 200, headers: { cookie } });
    await load('GET GetPositivityPlan', `${server.baseUrl}/api/data/GetPositivityPlan/${id}`, cookie);
    await load('GET GetBloomProfileReport', `${server.baseUrl}/api/data/GetBloomProfileReport/${id}`, cookie);
    // Context for the figures above on a shared machine: a small signed-in call and the health check.
    await load('GET GetAssessmentById', `${server.baseUrl}/api/user/GetAssessmentById/${id}`, cookie);
    await load('GET health (baseline)', `${server.baseUrl}/api/health`, cookie);
  } finally {
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
