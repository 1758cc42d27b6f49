import { sql } from 'kysely';
import type { Db } from '../db/database';
import { onPostgres } from '../db/dialect';

/**
 * Each assessment's answers aggregated in the database as one string, `guid:answer,guid:answer,…`
 * (SQLite `group_concat`, PostgreSQL `string_agg`), for a query that joins `responses` and groups
 * by assessment: one row an assessment instead of one an answer, which is what makes reading many
 * assessments' answers cheap (decision 0026). `parseAggregatedAnswers` reads it back.
 */
export function aggregatedAnswers(db: Db) {
  const pair = sql<string>`responses.question_guid || ':' || responses.response`;
  return onPostgres(db) ? sql<string>`string_agg(${pair}, ',')` : sql<string>`group_concat(${pair}, ',')`;
}

/**
 * `guid:answer,guid:answer,…` → question guid → answer, in any order (each pair names its
 * question; question guids hold no comma). No answers (null, or the empty string) is an empty map.
 */
export function parseAggregatedAnswers(text: string | null): Map<string, number> {
  const answers = new Map<string, number>();
  if (!text) return answers;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf(',', start);
    if (end === -1) end = text.length;
    const colon = text.lastIndexOf(':', end - 1);
    if (colon > start) answers.set(text.slice(start, colon), Number(text.slice(colon + 1, end)));
    start = end + 1;
  }
  return answers;
}
