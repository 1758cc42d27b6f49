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
 * Rows come person by person, the people in an order drawn at random for each export: user ids
 * begin with the time of sign-up (UUIDv7), so their order would let anyone who knows who signed
 * up when (a coach who recruited a cohort) tell who is who.
 *
 * Streamed like the admin CSV export (export/assessments-csv.ts): the people's ids first (one
 * short column), then batches of people, each batch's assessments and answers in two queries,
 * written and dropped before the next is read; the stream pulls the next batch only when the
 * client has taken the last one.
 */
import { randomInt, randomUUID } from 'node:crypto';
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

/** The research-consenting people with a completed assessment, in a random order (Fisher–Yates over crypto randomness). */
async function researchPeopleShuffled(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('assessments')
    .innerJoin('users', 'users.id', 'assessments.user_id')
    .select('assessments.user_id')
    .distinct()
    .where('users.research_opt_in', '=', 1)
    .where('assessments.completed_at', 'is not', null)
    .execute();
  const people = rows.map((row) => row.user_id);
  for (let i = people.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [people[i], people[j]] = [people[j]!, people[i]!];
  }
  return people;
}

/** The completed assessments of these people, person by person in the given order, each person's in the order taken. */
async function researchBatch(db: Db, people: readonly string[]): Promise<ResearchRow[]> {
  const rows = await db
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
    .where('assessments.user_id', 'in', people)
    // Read again: a person who opted out since the list was made is left out.
    .where('users.research_opt_in', '=', 1)
    .where('assessments.completed_at', 'is not', null)
    .orderBy('assessments.created_at')
    .orderBy('assessments.id')
    .execute();
  const place = new Map(people.map((id, index) => [id, index]));
  // A stable sort keeps each person's assessments in the order taken.
  return rows.sort((a, b) => place.get(a.user_id)! - place.get(b.user_id)!);
}

export async function* researchCsvLines(db: Db, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
  yield csvRow(RESEARCH_COLUMNS);
  const people = await researchPeopleShuffled(db);
  // Most people have one or two assessments: a batch of people is about a batch of rows.
  const peoplePerBatch = Math.max(1, Math.floor(batchSize / 2));
  for (let offset = 0; offset < people.length; offset += peoplePerBatch) {
    const batch = await researchBatch(db, people.slice(offset, offset + peoplePerBatch));
    if (batch.length === 0) continue;
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
    // The person being written: their random id, how many of their assessments are out, when their first was.
    let current = null as { userId: string; personId: string; count: number; firstAt: number } | null;
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
  }
}

export function researchCsvStream(db: Db, batchSize?: number): Readable {
  return Readable.from(researchCsvLines(db, batchSize), { objectMode: false });
}
