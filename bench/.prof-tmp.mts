import { spawn } from 'node:child_process';
import { runJourneyLoad } from '/work/main/bench/journey';
const port = 3499;
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: '/work/main', env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '/tmp/prof-data', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', NODE_ENV: 'production', APP_ORIGIN: `http://127.0.0.1:${port}` }, stdio: 'inherit' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 200)); }
const r = await runJourneyLoad(`http://127.0.0.1:${port}`, { concurrency: 50, durationMs: 8000 });
console.log('req/s', r.recorder.all().length / r.seconds);
child.kill('SIGINT'); await new Promise(r => child.once('exit', r));
