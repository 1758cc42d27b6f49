/**
 * `npm run soak`: a long run at moderate load that looks for slow leaks, not speed.
 * Bloom runs on a fresh SQLite file on loopback; simulated guests take the whole Rapid
 * assessment (bench/journey.ts) with a pause before each call, like people reading pages.
 * Every 30 s it prints the server's RSS, its live heap right after a forced full garbage
 * collection, and the size of the SQLite write-ahead log; at the end, how much the live heap
 * grew after warm-up, as a percentage, the slopes (MB per minute, least squares, for
 * information) and a verdict.
 *
 * Why the live heap: RSS climbs and drops in long saw-teeth because V8 collects the old
 * generation lazily when memory is plentiful, so a 10-minute RSS slope is mostly noise. The
 * heap that survives a full collection is what a leak would make grow. The soak asks the
 * server for it over the inspector protocol (HeapProfiler.collectGarbage, then
 * Runtime.getHeapUsage), on a loopback port opened for this run only.
 *
 * Growth is the last sample's live heap against the first sample after warm-up (the first third
 * of the run, when caches, compiled code and the SQLite connection's statements have settled):
 * issue 28's budget is under 5% over a 10-minute soak.
 *
 * Fails (exit 1) on any request error, on live-heap growth over SOAK_MAX_HEAP_GROWTH_PERCENT
 * after warm-up, or on a WAL over SOAK_MAX_WAL_MB at any sample.
 *
 * Environment: SOAK_MINUTES (10), SOAK_CONCURRENCY (10), SOAK_THINK_MS (250),
 * SOAK_MAX_HEAP_GROWTH_PERCENT (5), SOAK_MAX_WAL_MB (64).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'undici';
import { rapidGuestJourney } from './journey';
import { percentile, runUsers, type LoadResult } from './support/load';
import { BLOOM_ENTRY, BLOOM_NODE_ARGS, ensureServerBuilt, freePort, newDataDir, rssMb } from './support/server-process';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 10);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 250);
const MAX_HEAP_GROWTH_PERCENT = Number(process.env.SOAK_MAX_HEAP_GROWTH_PERCENT ?? 5);
const MAX_WAL_MB = Number(process.env.SOAK_MAX_WAL_MB ?? 64);
const SAMPLE_MS = 30_000;

interface Sample {
  minute: number;
  rssMb: number;
  /** Live heap right after a forced full GC. */
  heapMb: number;
  walMb: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

/** Least-squares slope of y over x. */
function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  const covariance = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0);
  const variance = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

/** The last point against the first, in percent; undefined with fewer than two points. */
function growthPercent(points: ReadonlyArray<{ x: number; y: number }>): number | undefined {
  if (points.length < 2 || points[0]!.y <= 0) return undefined;
  return ((points.at(-1)!.y - points[0]!.y) / points[0]!.y) * 100;
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
const fileMb = (file: string) => (existsSync(file) ? statSync(file).size / 1024 / 1024 : 0);
const fixed = (value: number, digits = 1) => value.toFixed(digits).padStart(8);

async function main(): Promise<void> {
  const totalMs = Math.max(SAMPLE_MS, MINUTES * 60_000);
  console.log(`Bloom soak: ${MINUTES} min, ${CONCURRENCY} simulated guests, ${THINK_MS} ms between calls, loopback only`);
  const server = await startInspectableServer();
  const walFile = path.join(server.dataDir, 'bloom.sqlite-wal');
  const samples: Sample[] = [];
  const errorExamples: string[] = [];
  const started = Date.now();
  console.log(`\n  minute   RSS MB  heap MB   WAL MB  requests  errors   p50 ms   p99 ms`);
  try {
    samples.push({ minute: 0, rssMb: await rssMb(server.pid), heapMb: await server.liveHeapMb(), walMb: fileMb(walFile), requests: 0, errors: 0, p50: Number.NaN, p99: Number.NaN });
    print(samples[0]!);
    while (Date.now() - started < totalMs) {
      const slice: LoadResult = await runUsers(
        { baseUrls: [server.baseUrl], concurrency: CONCURRENCY, durationMs: Math.min(SAMPLE_MS, totalMs - (Date.now() - started)), thinkMs: THINK_MS },
        rapidGuestJourney,
      );
      const latencies = slice.recorder.all();
      errorExamples.push(...slice.recorder.errorExamples.slice(0, 5 - errorExamples.length));
      const sample: Sample = {
        minute: (Date.now() - started) / 60_000,
        rssMb: await rssMb(server.pid),
        heapMb: await server.liveHeapMb(),
        walMb: fileMb(walFile),
        requests: latencies.length,
        errors: slice.recorder.errors,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
      };
      samples.push(sample);
      print(sample);
    }
  } finally {
    await server.stop();
  }

  const warmUpMinutes = MINUTES / 3;
  const rssAfterWarmUp = samples.filter((sample) => sample.minute >= warmUpMinutes).map((sample) => ({ x: sample.minute, y: sample.rssMb }));
  const heapAfterWarmUp = samples.filter((sample) => sample.minute >= warmUpMinutes).map((sample) => ({ x: sample.minute, y: sample.heapMb }));
  const rssSlope = slope(rssAfterWarmUp);
  const heapSlope = slope(heapAfterWarmUp);
  const errors = samples.reduce((sum, sample) => sum + sample.errors, 0);
  const requests = samples.reduce((sum, sample) => sum + sample.requests, 0);
  const peakWal = Math.max(...samples.map((sample) => sample.walMb));
  const rss = samples.map((sample) => sample.rssMb);

  console.log(`\n  requests: ${requests}, errors: ${errors}${errorExamples.length ? ` (e.g. ${errorExamples.join(' | ')})` : ''}`);
  console.log(`  RSS: first ${rss[0]!.toFixed(1)} MB, peak ${Math.max(...rss).toFixed(1)} MB, last ${rss.at(-1)!.toFixed(1)} MB`);
  console.log(`  RSS slope after the first third: ${rssSlope.toFixed(2)} MB/min (saw-toothed by lazy GC; for information)`);
  const heap = samples.map((sample) => sample.heapMb);
  console.log(`  live heap: first ${heap[0]!.toFixed(1)} MB, peak ${Math.max(...heap).toFixed(1)} MB, last ${heap.at(-1)!.toFixed(1)} MB`);
  const heapGrowth = growthPercent(heapAfterWarmUp);
  console.log(`  live heap slope after the first third: ${heapSlope.toFixed(2)} MB/min (for information)`);
  if (heapGrowth !== undefined) {
    const [from, to] = [heapAfterWarmUp[0]!, heapAfterWarmUp.at(-1)!];
    console.log(`  live heap growth after the first third: ${signed(heapGrowth)}% (${from.y.toFixed(1)} MB at minute ${from.x.toFixed(1)} → ${to.y.toFixed(1)} MB at minute ${to.x.toFixed(1)}; limit ${MAX_HEAP_GROWTH_PERCENT}%)`);
  }
  const rssGrowth = growthPercent(rssAfterWarmUp);
  if (rssGrowth !== undefined) console.log(`  RSS growth after the first third: ${signed(rssGrowth)}% (for information)`);
  console.log(`  WAL: peak ${peakWal.toFixed(1)} MB (limit ${MAX_WAL_MB}), last ${samples.at(-1)!.walMb.toFixed(1)} MB`);

  const failures = [
    errors > 0 ? `${errors} request errors` : '',
    heapAfterWarmUp.length >= 3 && heapGrowth !== undefined && heapGrowth >= MAX_HEAP_GROWTH_PERCENT ? `live heap grew ${signed(heapGrowth)}% after warm-up` : '',
    peakWal > MAX_WAL_MB ? `WAL reached ${peakWal.toFixed(1)} MB` : '',
  ].filter(Boolean);
  if (heapAfterWarmUp.length < 3) console.log('  (too few samples after warm-up for a memory verdict: use SOAK_MINUTES ≥ 2)');
  const memoryVerdict = heapAfterWarmUp.length >= 3 && heapGrowth !== undefined ? `live heap growth ${signed(heapGrowth)}% (under ${MAX_HEAP_GROWTH_PERCENT}%)` : 'no memory verdict';
  console.log(failures.length ? `\nFAILED: ${failures.join('; ')}` : `\nOK: no errors, ${memoryVerdict}, WAL bounded`);
  process.exitCode = failures.length ? 1 : 0;
}

function print(sample: Sample): void {
  console.log(
    `  ${fixed(sample.minute)} ${fixed(sample.rssMb)} ${fixed(sample.heapMb)} ${fixed(sample.walMb)} ${String(sample.requests).padStart(9)} ${String(sample.errors).padStart(7)} ${fixed(sample.p50)} ${fixed(sample.p99)}`,
  );
}

interface InspectableServer {
  baseUrl: string;
  pid: number;
  dataDir: string;
  /** Forces a full garbage collection in the server and returns the heap still in use, MB. */
  liveHeapMb(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Bloom with the inspector on a loopback port, on a fresh data folder. Started here rather
 * than with support/server-process.ts because the soak needs that inspector port.
 */
async function startInspectableServer(): Promise<InspectableServer> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const dataDir = newDataDir();
  const baseUrl = `http://127.0.0.1:${port}`;
  ensureServerBuilt();
  const child: ChildProcess = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectorPort}`, ...BLOOM_NODE_ARGS, BLOOM_ENTRY], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      // No balancer to drain for (decision 0071): a stopped bench server exits at once.
      SHUTDOWN_DRAIN_SECONDS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ORIGIN: baseUrl,
      LOG_LEVEL: 'warn',
      // Each simulated guest has its own made-up address, so the per-address guest limit is not what is measured.
      TRUST_PROXY: 'true',
    },
    // The inspector announces itself on stderr; keep the rest of stderr visible.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8').replace(/^(Debugger |For help, see:|Waiting for the debugger).*\n/gm, '');
    if (text.trim()) process.stderr.write(text);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Bloom exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Bloom did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const inspector = await connectInspector(inspectorPort);
  return {
    baseUrl,
    pid: child.pid!,
    dataDir,
    liveHeapMb: async () => {
      await inspector.call('HeapProfiler.collectGarbage');
      const usage = (await inspector.call('Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize / 1024 / 1024;
    },
    stop: async () => {
      inspector.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A minimal Chrome DevTools Protocol client: one WebSocket, numbered calls. */
async function connectInspector(port: number): Promise<{ call(method: string): Promise<unknown>; close(): void }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('could not reach the server’s inspector')));
  });
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
    if (message.id !== undefined) waiting.delete(message.id);
  });
  return {
    call: (method) =>
      new Promise((resolve) => {
        const id = ++nextId;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, method }));
      }),
    close: () => socket.close(),
  };
}

void main().catch((error: unknown) => {
  console.error('Soak failed:', error);
  process.exit(1);
});
