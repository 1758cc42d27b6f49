/**
 * The research export (GET /api/admin/ExportResearchData; DESIGN §15, issue 26; decision 0026):
 * item-level answers of completed assessments of people who opted into research, one row per
 * assessment, de-identified:
 * - `person_id` is a random UUID drawn for each person when the export reaches them: the same
 *   for all of one person's rows in this export, different in every export, and not derived
 *   from anything stored (so it cannot be turned back into a user id);
 * - no user or assessment ids, names, e-mails or exact dates: the assessment's place among the
 *   person's exported assessments, the days since their first one, and the month it was completed;
 * - age in bands (`researchAgeBand`); the other life situations as chosen (they are categories).
 * Rows come person by person; people are in the order of their (never exported) user ids.
 *
 * Streamed like the admin CSV export (export/assessments-csv.ts): keyset-paginated batches of
 * assessments, each batch's answers in one query, written and dropped before the next is read;
 * the stream pulls the next batch only when the client has taken the last one.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AGE_NOT_STATED } from '@bloom/contracts/constants';
import { questionsForTrack, TRACKS } from '@bloom/domain';
import type { Db } from '../db/database';
import { csvRow, type CsvValue } from '../export/csv';
import { EXPORT_BATCH_SIZE } from '../export/assessments-csv';

/** One column per question of each form, Rapid first: `rapid_experiences_01` … `professional_energy_18` (form, module, order in the module). */
const ITEM_COLUMNS = TRACKS.flatMap((track) =>
  questionsForTrack(track).map((q) => ({ guid: q.questionGuid.toLowerCase(), track, name: `${track.toLowerCase()}_${q.module.toLowerCase()}_${String(q.order).padStart(2, '0')}` })),
);

export const RESEARCH_COLUMNS = [
  'person_id',
  'assessment_number',
  'days_since_first_assessment',
  'completed_month',
  'form',
  'age_band',
  'gender',
  'relationship_status',
  'parenting_status',
  'employment_status',
  'income',
  'stressful_events',
  ...ITEM_COLUMNS.map((column) => column.name),
] as const;

const NOT_STATED = 'Prefer not to say';

/** Age in bands, never the age itself: under 18, 18-24, 25-34, …, 55-64, 65 and over; "Prefer not to say" when not given. */
export function researchAgeBand(age: number | null | undefined): string {
  if (age === null || age === undefined) return '';
  if (age === AGE_NOT_STATED || !Number.isFinite(age) || age < 0) return NOT_STATED;
  if (age < 18) return 'under 18';
  if (age < 25) return '18-24';
  if (age < 35) return '25-34';
  if (age < 45) return '35-44';
  if (age < 55) return '45-54';
  if (age < 65) return '55-64';
  return '65 and over';
}

const DAY_MS = 86_400_000;

interface ResearchRow {
  id: string;
  user_id: string;
  is_ninety_item: number;
  created_at: string;
  completed_at: string | null;
  age: number | null;
  gender: string | null;
  relationship_status: string | null;
  parenting_status: string | null;
  employment_status: string | null;
  income: string | null;
  stressful_events: string | null;
}

async function researchBatch(db: Db, after: readonly [string, string, string] | null, batchSize: number): Promise<ResearchRow[]> {
  let query = db
    .selectFrom('assessments')
    .innerJoin('users', 'users.id', 'assessments.user_id')
    .leftJoin('life_data', 'life_data.assessment_id', 'assessments.id')
    .select([
      'assessments.id',
      'assessments.user_id',
      'assessments.is_ninety_item',
      'assessments.created_at',
      'assessments.completed_at',
      'life_data.age',
      'life_data.gender',
      'life_data.relationship_status',
      'life_data.parenting_status',
      'life_data.employment_status',
      'life_data.income',
      'life_data.stressful_events',
    ])
    .where('users.research_opt_in', '=', 1)
    .where('assessments.completed_at', 'is not', null);
  if (after) {
    const [userId, createdAt, id] = after;
    query = query.where((eb) => eb(eb.refTuple('assessments.user_id', 'assessments.created_at', 'assessments.id'), '>', eb.tuple(userId, createdAt, id)));
  }
  return query.orderBy('assessments.user_id').orderBy('assessments.created_at').orderBy('assessments.id').limit(batchSize).execute();
}

export async function* researchCsvLines(db: Db, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
  yield csvRow(RESEARCH_COLUMNS);
  let after: readonly [string, string, string] | null = null;
  // The person being written: their random id, how many of their assessments are out, when their first was.
  let current = null as { userId: string; personId: string; count: number; firstAt: number } | null;
  for (;;) {
    const batch = await researchBatch(db, after, batchSize);
    if (batch.length === 0) return;
    const responses = await db
      .selectFrom('responses')
      .select(['assessment_id', 'question_guid', 'response'])
      .where(
        'assessment_id',
        'in',
        batch.map((row) => row.id),
      )
      .execute();
    const byAssessment = new Map<string, Map<string, number>>();
    for (const response of responses) {
      let answers = byAssessment.get(response.assessment_id);
      if (!answers) byAssessment.set(response.assessment_id, (answers = new Map()));
      answers.set(response.question_guid.toLowerCase(), response.response);
    }
    let chunk = '';
    for (const row of batch) {
      const startedAt = Date.parse(row.created_at);
      if (current?.userId !== row.user_id) current = { userId: row.user_id, personId: randomUUID(), count: 0, firstAt: startedAt };
      current.count += 1;
      const track = Number(row.is_ninety_item) === 1 ? 'Professional' : 'Rapid';
      const answers = byAssessment.get(row.id);
      const values: CsvValue[] = [
        current.personId,
        current.count,
        Number.isFinite(startedAt) && Number.isFinite(current.firstAt) ? Math.floor((startedAt - current.firstAt) / DAY_MS) : null,
        row.completed_at?.slice(0, 7) ?? '',
        track,
        researchAgeBand(row.age),
        row.gender,
        row.relationship_status,
        row.parenting_status,
        row.employment_status,
        row.income,
        row.stressful_events,
        ...ITEM_COLUMNS.map((column) => (column.track === track ? answers?.get(column.guid) : null)),
      ];
      chunk += csvRow(values);
    }
    yield chunk;
    const last = batch[batch.length - 1]!;
    after = [last.user_id, last.created_at, last.id];
    if (batch.length < batchSize) return;
  }
}

export function researchCsvStream(db: Db, batchSize?: number): Readable {
  return Readable.from(researchCsvLines(db, batchSize), { objectMode: false });
}
