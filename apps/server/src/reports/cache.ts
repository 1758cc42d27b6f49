/**
 * Serialized reports, kept per assessment while their inputs are unchanged. A report is a pure
 * function of the answers, the life data, the norms and the name on it, so a fingerprint of
 * those (one small aggregate query instead of loading every answer) tells whether a cached copy
 * is still exact. Each server instance keeps its own copy; the fingerprint comes from the
 * database, so instances never serve each other's stale reports.
 */
import type { Norms } from '@bloom/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export type ReportKind = 'profile' | 'plan';

/** About 40 KB per plan: 300 entries stay under ~12 MB. */
const MAX_ENTRIES = 300;

interface Entry {
  fingerprint: string;
  json: string;
}

export class ReportCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  get(key: string, fingerprint: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    // Least recently used goes first: re-insert on every hit.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.json;
  }

  set(key: string, fingerprint: string, json: string): void {
    this.entries.delete(key);
    this.entries.set(key, { fingerprint, json });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * What a report of this assessment is built from, in one row: how many answers, their weighted sum,
 * when one last changed, when the life data last changed, and which norms are in use.
 */
export async function reportFingerprint(db: Db, assessmentId: string, norms: Norms, name: string): Promise<string> {
  const row = await db
    .selectFrom('responses')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('answers'),
      // Weighted by position, so two answers trading values still change the fingerprint.
      sql<number | string | null>`sum(response * (order_index + 1))`.as('total'),
      eb.fn.max('updated_at').as('answered_at'),
      eb.selectFrom('life_data').select('updated_at').where('assessment_id', '=', assessmentId).as('life_at'),
    ])
    .where('assessment_id', '=', assessmentId)
    .executeTakeFirst();
  return [row?.answers ?? 0, row?.total ?? 0, row?.answered_at ?? '', row?.life_at ?? '', norms.source, norms.computedAt ?? '', name].join('|');
}
