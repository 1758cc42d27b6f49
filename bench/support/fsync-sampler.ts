import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What the disk itself did during a run: every `intervalMs`, append 4 KB to a scratch file
 * and fsync it, timing the fsync. Bloom acknowledges a write only after an fsync of its WAL
 * (docs/decisions/0008), so this is the floor under the latency of every POST in the run.
 * Asynchronous (libuv's thread pool), so it never stalls the load generator's own timing.
 */
export function sampleFsync(intervalMs = 50): { stop(): Promise<number[]> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bloom-bench-fsync-'));
  const block = Buffer.alloc(4096, 7);
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    const file = await open(path.join(dir, 'probe'), 'a');
    try {
      while (running) {
        await file.write(block);
        const started = performance.now();
        await file.sync();
        samples.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    } finally {
      await file.close();
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      rmSync(dir, { recursive: true, force: true });
      return samples;
    },
  };
}
