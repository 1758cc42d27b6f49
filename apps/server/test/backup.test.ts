import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * The embedded SQLite file is locked to the running Bloom (decision 0011), so an operator's
 * copy is taken by the server itself: `kill -USR2 <pid>` writes a consistent copy into
 * DATA_DIR/backups while it keeps serving.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('online backup of the embedded database', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('writes a consistent copy on SIGUSR2 while the server keeps answering', async () => {
    const client = server.asTestServer().client();
    expect((await client.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    const created = await client.post('/api/user/CreateNewAssessment/Rapid');
    expect(created.status).toBe(201);

    // Sent to the pid the start-up log names for it, as the README tells an operator.
    const named = /Backups of the embedded database: kill -USR2 (\d+)/.exec(server.output());
    expect(named, 'the start-up log names the pid for backups').not.toBeNull();
    process.kill(Number(named![1]), 'SIGUSR2');
    const folder = path.join(server.dataDir, 'backups');
    let copies: string[] = [];
    for (let waited = 0; waited < 10_000 && copies.length === 0; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      copies = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.sqlite')) : [];
    }
    expect(copies).toHaveLength(1);
    expect((await client.get('/api/user/GetLatestAssessment')).body.id).toBe(created.body.id);

    // A copy is named .sqlite only once it is whole, and it opens on its own.
    const copy = new SQLite(path.join(folder, copies[0]!), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select count(*) from assessments where id = ?').pluck().get(created.body.id)).toBe(1);
    } finally {
      copy.close();
    }
  });
});
