import { Readable } from 'node:stream';
import { answersFromResponses, coveredResults, type AssessmentScores } from '@bloom/domain';
import type { Db } from '../db/database';
import { csvRow, type CsvValue } from './csv';

/**
 * The admin export (GET /api/data/ExportCsv): one row per assessment, oldest id first.
 * Streams in constant memory: assessments are read in keyset-paginated batches (by primary
 * key), each batch's answers in one query, scored, written, and dropped before the next
 * batch is read. The stream pulls the next batch only when the client has taken the last
 * one (Readable backpressure), so a slow download never piles rows up in memory.
 * Scores follow the coverage rule (DESIGN.md §11, decision 0064) like every other result: a
 * row below the rule has every score cell empty, and a row whose Energy alone falls short has
 * an empty energy_range_percent. Coverage comes from the answers already read for the batch.
 */
export const EXPORT_COLUMNS = [
  'assessment_id',
  'user_id',
  'user_email',
  'research_opt_in',
  'type',
  'created_at',
  'completed_at',
  'wellbeing_overall',
  'wellbeing_experiences',
  'wellbeing_feelings',
  'mindset_overall',
  'resilience_percent',
  'energy_range_percent',
] as const;

/**
 * Small batches keep each batch's objects (answers, scores) short-lived, so they die in V8's
 * young generation: measured on 100,000 assessments, batches of 100 add ~20 MB to the server's
 * peak RSS where batches of 500 added ~170 MB, at the same rows/s (bench/coach.ts).
 */
export const EXPORT_BATCH_SIZE = 100;

const twoDecimals = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);

interface ExportRow {
  id: string;
  user_id: string;
  email: string | null;
  research_opt_in: number;
  is_ninety_item: number;
  created_at: string;
  completed_at: string | null;
}

/** Score cells of a row without results (below the coverage rule): all empty. */
const NO_SCORES: CsvValue[] = [null, null, null, null, null, null];

function rowValues(row: ExportRow, scores: AssessmentScores | null): CsvValue[] {
  return [
    row.id,
    row.user_id,
    row.email ?? '',
    row.research_opt_in === 1,
    row.is_ninety_item === 1 ? 'Professional' : 'Rapid',
    row.created_at,
    row.completed_at ?? '',
    ...(scores === null ? NO_SCORES : scoreValues(scores)),
  ];
}

function scoreValues(scores: AssessmentScores): CsvValue[] {
  return [
    twoDecimals(scores.wellBeing.overall),
    twoDecimals(scores.wellBeing.experiences),
    twoDecimals(scores.wellBeing.feelings),
    twoDecimals(scores.mindset.overall),
    scores.resilience.overall,
    scores.energy.energyRange,
  ];
}

/** The scores a row may show (the coverage rule, as every result call: domain `coveredResults`): null below it. */
export function exportedScores(isNinetyItem: boolean, responses: readonly { questionGuid: string; response: number | null }[]): AssessmentScores | null {
  return coveredResults({ isNinetyItem, answers: answersFromResponses(responses) }).scores;
}

export async function* assessmentCsvLines(db: Db, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
  yield csvRow(EXPORT_COLUMNS);
  let after = '';
  for (;;) {
    const batch: ExportRow[] = await db
      .selectFrom('assessments')
      .innerJoin('users', 'users.id', 'assessments.user_id')
      .select([
        'assessments.id',
        'assessments.user_id',
        'users.email',
        'users.research_opt_in',
        'assessments.is_ninety_item',
        'assessments.created_at',
        'assessments.completed_at',
      ])
      .where('assessments.id', '>', after)
      .orderBy('assessments.id')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) return;
    const responses = await db
      .selectFrom('responses')
      .select(['assessment_id', 'question_guid as questionGuid', 'response'])
      .where(
        'assessment_id',
        'in',
        batch.map((row) => row.id),
      )
      .execute();
    const byAssessment = new Map<string, { questionGuid: string; response: number }[]>();
    for (const response of responses) {
      const list = byAssessment.get(response.assessment_id);
      if (list) list.push(response);
      else byAssessment.set(response.assessment_id, [response]);
    }
    let chunk = '';
    for (const row of batch) {
      chunk += csvRow(rowValues(row, exportedScores(row.is_ninety_item === 1, byAssessment.get(row.id) ?? [])));
    }
    yield chunk;
    after = batch[batch.length - 1]!.id;
    if (batch.length < batchSize) return;
  }
}

export function assessmentCsvStream(db: Db, batchSize?: number): Readable {
  return Readable.from(assessmentCsvLines(db, batchSize), { objectMode: false });
}
