/**
 * Item 6, second half: the server's peak RSS while an admin downloads the CSV export of
 * every assessment (run on the largest scale tier), against its RSS just before.
 */
import { request } from 'undici';
import { BenchReport, fmt } from './support/report';
import { rssMb, watchPeakRss, type RunningServer } from './support/server-process';

export const ADMIN_EMAIL = 'admin@bloom.bench';

export async function measureCsvExport(report: BenchReport, server: RunningServer, adminCookie: string): Promise<void> {
  const before = await rssMb(server.pid);
  const watch = watchPeakRss(server.pid, 25);
  const started = performance.now();
  const response = await request(`${server.baseUrl}/api/data/ExportCsv`, { headers: { cookie: adminCookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = await watch.stop();
  if (response.statusCode !== 200) throw new Error(`CSV export answered ${response.statusCode}`);
  const rows = Math.max(0, lines - 1);
  report.row('Memory', `CSV export of ${rows.toLocaleString('en-US')} assessments (${fmt(bytes / 1e6, 1)} MB)`, `peak RSS ${fmt(peak, 0)} MB`, `+${fmt(peak - before, 0)} MB over ${fmt(before, 0)} MB before; ${fmt(rows / seconds, 0)} rows/s`);
}
