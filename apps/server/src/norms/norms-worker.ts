/**
 * The norms worker (decision 0067), a child process: parses, scores and aggregates the research
 * rows the server reads and sends it, a batch per message, then answers the snapshot's payload and
 * exits. Everything a computation allocates goes back to the system when it exits: in the
 * server's own thread (and in a worker thread, whose memory Node keeps after it ends) a
 * computation raised the memory the server keeps by tens of MB (docs/performance.md).
 */
import process from 'node:process';
import type { NormRow } from '@bloom/domain';
import { normRowOf, normsOf } from './norm-rows';
import type { NormsWorkerAnswer, NormsWorkerMessage } from './norms-worker-protocol';

const send = process.send?.bind(process);
if (!send) throw new Error('norms-worker runs as a child process with an IPC channel (norms-in-worker.ts)');
const rows: NormRow[] = [];
process.on('message', (message: NormsWorkerMessage) => {
  if ('rows' in message) {
    for (const row of message.rows) rows.push(normRowOf(row));
    return;
  }
  const answer: NormsWorkerAnswer = { payload: JSON.stringify(normsOf(rows, message.computedAt)), population: rows.length };
  send(answer, () => process.disconnect());
});
// The server went away (or is done with it): nothing is waiting for an answer.
process.on('disconnect', () => process.exit(0));
