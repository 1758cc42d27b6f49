/**
 * Computes a norms snapshot's payload in a child process (decision 0067): this process reads the
 * research rows a batch at a time and sends each batch on at once, so no batch outlives its read
 * here; the child parses, scores and aggregates them, answers the payload and exits, and its
 * memory goes back to the system. Scoring thousands of rows in the server's thread grew its heap,
 * and with it the memory the process keeps, by tens of MB; a worker thread's memory stayed
 * with the process after the thread ended (docs/performance.md, memory).
 */
import { fork } from 'node:child_process';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import type { ResearchNormRow } from '../progress/repository';
import type { NormsWorkerAnswer, NormsWorkerMessage } from './norms-worker-protocol';

/**
 * The child's code: beside the server bundle (`main.mjs` → `main.norms-worker.mjs`, built by
 * scripts/build.mjs), run with the server's own Node options (`npm run serve`'s memory options
 * keep its peak near 90–120 MB for 5,000 rows, against 120–125 MB without), or its TypeScript
 * source, through tsx, when the server runs from source. Not the debugger's options: its port is the
 * server's.
 */
function workerScript(): { path: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { path: fileURLToPath(new URL('./norms-worker.ts', here)), execArgv: ['--import', 'tsx'] };
  return { path: fileURLToPath(here.replace(/\.mjs$/, '.norms-worker.mjs')), execArgv: process.execArgv.filter((option) => !/^--(inspect|debug)/.test(option)) };
}

/** The end of the child's stderr kept for the error (enough for an error and its stack). */
const STDERR_KEPT = 4096;

/**
 * How long a computation may take from fork to answer before the child is killed: 10,000 rows take
 * about a second, so this is a child that is stuck. On PostgreSQL the computation holds a
 * transaction and the advisory lock every instance's refresher asks for, and closing the app waits
 * for it.
 */
export const NORMS_WORKER_TIMEOUT_MS = 120_000;

export async function computeNormsInWorker(
  batches: AsyncIterable<readonly ResearchNormRow[]>,
  computedAt: string,
  { timeoutMs = NORMS_WORKER_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<NormsWorkerAnswer> {
  const { path, execArgv } = workerScript();
  const child = fork(path, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  // What the child says on stderr (an uncaught error's stack) goes into the error the refresher logs.
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEPT);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const answer = new Promise<NormsWorkerAnswer>((resolve, reject) => {
    child.once('message', (message) => resolve(message as NormsWorkerAnswer));
    child.once('error', reject);
    // 'close', not 'exit': stderr has been read to its end by then.
    child.once('close', (code, signal) => {
      const said = stderr.trim();
      const how = timedOut ? `did not answer within ${timeoutMs} ms and was stopped` : `ended (${signal ?? `exit code ${code}`}) without an answer`;
      reject(new Error(`The norms worker ${how}${said ? `: ${said}` : ''}`));
    });
  });
  // A failed read ends the child below: its own rejection then has nobody waiting for it.
  answer.catch(() => undefined);
  const sendToChild = (message: NormsWorkerMessage) =>
    new Promise<void>((resolve, reject) => child.send(message, (error) => (error ? reject(error) : resolve())));
  try {
    try {
      for await (const rows of batches) await sendToChild({ rows });
      await sendToChild({ computedAt });
    } catch (error) {
      // The child ended while rows were on their way (the channel closed): its own account, its
      // exit code and stderr, says why. A failed read, with the child still there, is the read's error.
      if (!child.connected) throw await answer.then(() => error, (ended: unknown) => ended);
      throw error;
    }
    return await answer;
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill();
  }
}
