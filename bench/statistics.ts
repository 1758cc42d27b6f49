/**
 * The instrument's statistics on 10,000 research assessments (issue 26, decision 0026).
 * Seeds 10,000 completed assessments of people who opted into research (7,000 Rapid and 3,000
 * Professional: 480,000 item rows) into a SQLite file, then:
 * - in this process, before Bloom starts: reading the research data as the server does now (one
 *   row per assessment, answers aggregated in the database), against reading it as item rows (as
 *   it did before, the baseline in the same run), and the domain's computation of the figures;
 * - through Bloom: GetInstrumentStatistics' first call (nothing kept yet: it computes), repeated
 *   calls (from the kept figures, each asking the fingerprint), and after a guest completes an
 *   assessment and opts into research: the call that sees the change (answered from the kept
 *   figures), the time until the new figures answer (polling every POLL_MS), and how long calls
 *   arriving meanwhile wait (SQLite's driver is synchronous: the background computation holds
 *   the event loop in slices); GetProgress of a member with two Rapid assessments.
 * Speed is measured here, never asserted in tests.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { instrumentStatisticsSteps } from '@bloom/domain';
import { request } from 'undici';
import { openDatabase } from '../apps/server/src/db/database';
import { researchAnswers } from '../apps/server/src/progress/repository';
import { rapidGuestJourney } from './journey';
import { ADMIN_EMAIL } from './memory';
import { seedResearchData } from './statistics-seed';
import { percentile, Recorder, SimUser } from './support/load';
import { BenchReport, fmt, ms, ratio } from './support/report';
import { BLOOM_ENTRY, newDataDir, startProcess } from './support/server-process';

const ASSESSMENTS = 10_000;
const PROFESSIONAL_TENTHS = 3;
const WARM_CALLS = 60;
const CHANGE_ROUNDS = 5;
const POLL_MS = 5;
export const STATISTICS_P95_BUDGET_MS = 200;

interface Timed<T> {
  ms: number;
  body: T;
}

interface StatisticsBody {
  computedAt: string;
  forms: { Rapid: { n: number }; Professional: { n: number } };
}

async function timedGet<T>(url: string, cookie: string): Promise<Timed<T>> {
  const started = performance.now();
  const response = await request(url, { headers: { cookie } });
  const text = await response.body.text();
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${text.slice(0, 120)}`);
  return { ms: elapsed, body: JSON.parse(text) as T };
}

const median = (values: readonly number[]) => percentile(values, 50);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reading the research data in this process: now (aggregated per assessment) against item rows (before), and the domain's figures. */
async function measureInProcess(report: BenchReport, section: string, dataDir: string, responses: number, researchRows: number): Promise<void> {
  const handle = openDatabase({ databaseUrl: undefined, dataDir, sqliteFile: path.join(dataDir, 'bloom.sqlite') });
  try {
    const db = handle.db;
    const itemRows = () =>
      db
        .selectFrom('responses')
        .innerJoin('assessments', 'assessments.id', 'responses.assessment_id')
        .innerJoin('users', 'users.id', 'assessments.user_id')
        .select(['responses.assessment_id', 'responses.question_guid', 'responses.response'])
        .where('users.research_opt_in', '=', 1)
        .where('assessments.completed_at', 'is not', null)
        .execute();
    const before: number[] = [];
    const now: number[] = [];
    const figures: number[] = [];
    const stepTimes: number[] = [];
    // Alternating, so drift in the machine's speed lands on both.
    for (let round = 0; round < 3; round++) {
      let started = performance.now();
      const rows = await itemRows();
      before.push(performance.now() - started);
      if (rows.length !== responses) throw new Error(`read ${rows.length} item rows, seeded ${responses}`);
      started = performance.now();
      const answers = await researchAnswers(db);
      now.push(performance.now() - started);
      if (answers.length !== researchRows) throw new Error(`read ${answers.length} assessments, expected ${researchRows} (each person's latest of each form)`);
      started = performance.now();
      // As the server runs it: step by step, the longest step being what a request may wait for.
      const steps = instrumentStatisticsSteps(answers, { source: 'live', computedAt: null });
      for (let done = false; !done; ) {
        const stepStarted = performance.now();
        done = steps.next().done === true;
        stepTimes.push(performance.now() - stepStarted);
      }
      figures.push(performance.now() - started);
    }
    report.row(section, `read the research data as ${responses.toLocaleString('en-US')} item rows (before; baseline)`, `median ${ms(median(before))}`, 'baseline');
    report.row(section, `read it as ${researchRows.toLocaleString('en-US')} rows (each person's latest of each form), answers aggregated in SQL (now)`, `median ${ms(median(now))}`, `${ratio(median(now), median(before))} of item rows`);
    report.row(section, 'domain: scale figures and item analyses (instrumentStatisticsSteps)', `median ${ms(median(figures))}`, `longest step ${ms(Math.max(...stepTimes))}`);
  } finally {
    await handle.close();
  }
}

export async function benchStatistics(report: BenchReport): Promise<void> {
  const section = 'Statistics (SQLite, 10,000 research assessments)';
  const dataDir = newDataDir();
  let stopped = false;
  try {
    const seed = await seedResearchData(dataDir, { assessments: ASSESSMENTS, professionalTenths: PROFESSIONAL_TENTHS });
    report.row(
      section,
      `seeding ${seed.rapid.toLocaleString('en-US')} Rapid + ${seed.professional.toLocaleString('en-US')} Professional (${seed.responses.toLocaleString('en-US')} item rows)`,
      `${fmt(seed.seedSeconds, 1)} s`,
    );
    await measureInProcess(report, section, dataDir, seed.responses, seed.researchRows);

    const server = await startProcess(BLOOM_ENTRY, { TRUST_PROXY: 'true', ADMIN_EMAILS: ADMIN_EMAIL }, { dataDir });
    try {
      const statisticsUrl = `${server.baseUrl}/api/admin/GetInstrumentStatistics`;
      const progressUrl = `${server.baseUrl}/api/data/GetProgress`;
      const statistics = () => timedGet<StatisticsBody>(statisticsUrl, seed.adminCookie);

      const cold = await statistics();
      if (cold.body.forms.Rapid.n + cold.body.forms.Professional.n !== seed.researchRows) throw new Error(`statistics counted ${cold.body.forms.Rapid.n} + ${cold.body.forms.Professional.n} assessments, expected ${seed.researchRows}`);
      report.row(section, 'GetInstrumentStatistics, first call (nothing kept: computes)', ms(cold.ms));

      const warm: number[] = [];
      for (let i = 0; i < WARM_CALLS; i++) warm.push((await statistics()).ms);
      report.row(section, `GetInstrumentStatistics from the kept figures, ${WARM_CALLS} calls`, `p50 ${ms(median(warm))} · p95 ${ms(percentile(warm, 95))}`, `×${fmt(cold.ms / median(warm), 0)} faster than the first call`);

      const progress: number[] = [];
      for (let i = 0; i < WARM_CALLS; i++) {
        const answer = await timedGet<{ assessments: unknown[]; reliability: { Rapid: { source: string } } }>(progressUrl, seed.memberCookie);
        if (answer.body.assessments.length !== 2) throw new Error(`GetProgress listed ${answer.body.assessments.length} assessments`);
        if (i === 0 && answer.body.reliability.Rapid.source !== 'live') throw new Error(`GetProgress used ${answer.body.reliability.Rapid.source} Rapid figures`);
        progress.push(answer.ms);
      }
      report.row(section, `GetProgress, member with two Rapid assessments (live σ and r), ${WARM_CALLS} calls`, `p50 ${ms(median(progress))} · p95 ${ms(percentile(progress, 95))}`);

      // The data changes: a guest takes the Rapid assessment and opts into research.
      const sawChange: number[] = [];
      const untilCurrent: number[] = [];
      const meanwhile: number[] = [];
      const recorder = new Recorder();
      let lastN = cold.body.forms.Rapid.n;
      let lastComputedAt = (await statistics()).body.computedAt;
      for (let round = 0; round < CHANGE_ROUNDS; round++) {
        await rapidGuestJourney(new SimUser({ baseUrls: [server.baseUrl], recorder, forwardedFor: `10.26.0.${round + 1}` }));
        const started = performance.now();
        const first = await statistics();
        if (first.body.computedAt !== lastComputedAt) throw new Error('the call that saw the change did not answer from the kept figures');
        sawChange.push(first.ms);
        for (;;) {
          await sleep(POLL_MS);
          const poll = await statistics();
          if (poll.body.computedAt !== lastComputedAt) {
            if (poll.body.forms.Rapid.n !== lastN + 1) throw new Error(`new figures count ${poll.body.forms.Rapid.n} Rapid assessments, expected ${lastN + 1}`);
            untilCurrent.push(performance.now() - started);
            lastN = poll.body.forms.Rapid.n;
            lastComputedAt = poll.body.computedAt;
            break;
          }
          meanwhile.push(poll.ms);
          if (performance.now() - started > 30_000) throw new Error('the figures did not become current within 30 s');
        }
      }
      if (recorder.errors) throw new Error(`the guest journey failed: ${recorder.errorExamples.join(' | ')}`);
      report.row(section, `GetInstrumentStatistics, the call that sees a change (kept figures), ${CHANGE_ROUNDS} changes`, `median ${ms(median(sawChange))} · max ${ms(Math.max(...sawChange))}`);
      report.row(
        section,
        'background recompute: from that call until the new figures answer',
        `median ${ms(median(untilCurrent))} · max ${ms(Math.max(...untilCurrent))}`,
        `polled every ${POLL_MS} ms`,
      );
      report.row(
        section,
        `calls arriving during a recompute (${meanwhile.length})`,
        meanwhile.length ? `p50 ${ms(median(meanwhile))} · max ${ms(Math.max(...meanwhile))}` : 'none',
        'SQLite: the computation holds the event loop in slices',
      );

      const fromCache = [...warm, ...sawChange];
      const p95 = percentile(fromCache, 95);
      report.budget(`statistics: GetInstrumentStatistics p95 < ${STATISTICS_P95_BUDGET_MS} ms (from the kept-current cache)`, p95 < STATISTICS_P95_BUDGET_MS, `p95 ${ms(p95)} over ${fromCache.length} calls`);
      report.budget(`statistics: figures current within 5 s of a change`, Math.max(...untilCurrent) < 5_000, `max ${ms(Math.max(...untilCurrent))}`);
    } finally {
      await server.stop();
      stopped = true;
    }
  } finally {
    if (!stopped) rmSync(dataDir, { recursive: true, force: true });
  }
}
