/**
 * Item 3: profile report and Positivity Plan latency under load. 50 guests take the Rapid
 * assessment in the background (paced as in the API part) while 10 members, each with a
 * finished Professional assessment and a paid plan, keep opening their profile report and
 * their plan. The baseline in the same run is the cheapest authenticated call
 * (getCurrentUser) under the same load, so the ratio is what assembly adds.
 */
import { rapidGuestJourney } from './journey';
import { percentile, runUsers, type LoadResult } from './support/load';
import { BenchReport, ms, ratio } from './support/report';
import { migratedSqliteFile, Seeder } from './support/seed';
import { BLOOM_ENTRY, newDataDir, startProcess } from './support/server-process';

const MEMBERS = 10;
/**
 * Members re-open their reports faster than the guests click (50 ms), which gives about a
 * thousand samples of each report per run, so the p99 is not decided by three samples.
 */
const READER_THINK_MS = 50;
export const REPORT_P99_BUDGET_MS = 20;

export async function benchReports(report: BenchReport, options: { concurrency: number; durationMs: number; thinkMs: number }): Promise<void> {
  const section = 'Reports (under journey load)';
  const dataDir = newDataDir();
  const seeder = new Seeder(await migratedSqliteFile(dataDir));
  const members = seeder.batch(() =>
    Array.from({ length: MEMBERS }, () => {
      const id = seeder.user();
      const assessmentId = seeder.finishedAssessment(id, { professional: true });
      seeder.purchase(id, assessmentId);
      return { cookie: seeder.session(id), assessmentId };
    }),
  );
  seeder.close();

  const server = await startProcess(BLOOM_ENTRY, { TRUST_PROXY: 'true' }, { dataDir });
  try {
    const base = { baseUrls: [server.baseUrl], durationMs: options.durationMs };
    const [background, readers] = await Promise.all([
      runUsers({ ...base, concurrency: options.concurrency, thinkMs: options.thinkMs }, rapidGuestJourney),
      runUsers({ ...base, concurrency: MEMBERS, thinkMs: READER_THINK_MS }, async (user, index) => {
        const member = members[index % MEMBERS]!;
        user.useSessionCookie(member.cookie);
        for (let i = 0; i < 5; i++) {
          await user.call('getCurrentUser', 'GET', '/api/user/getCurrentUser');
          await user.call('profile', 'GET', `/api/data/GetBloomProfileReport/${member.assessmentId}`);
          await user.call('plan', 'GET', `/api/data/GetPositivityPlan/${member.assessmentId}`);
        }
      }),
    ]);
    const samples = (r: LoadResult, label: string) => r.recorder.samples.get(label) ?? [];
    const baselineP99 = percentile(samples(readers, 'getCurrentUser'), 99);
    report.row(section, 'getCurrentUser (baseline)', `p50 ${ms(percentile(samples(readers, 'getCurrentUser'), 50))} · p99 ${ms(baselineP99)}`, 'baseline');
    for (const [label, name] of [['profile', 'profile report'], ['plan', 'Positivity Plan']] as const) {
      const list = samples(readers, label);
      const p99 = percentile(list, 99);
      report.row(section, `${name} (Professional), n=${list.length}`, `p50 ${ms(percentile(list, 50))} · p99 ${ms(p99)}`, `p99 ${ratio(p99, baselineP99)} baseline`);
      report.budget(`reports: ${name} p99 < ${REPORT_P99_BUDGET_MS} ms under load`, p99 < REPORT_P99_BUDGET_MS && list.length > 0, ms(p99));
    }
    const errors = background.recorder.errors + readers.recorder.errors;
    report.row(section, 'errors (background + readers)', String(errors), readers.recorder.errorExamples[0] ?? background.recorder.errorExamples[0]);
    report.budget('reports: zero errors', errors === 0, `${errors} errors`);
  } finally {
    await server.stop();
  }
}
