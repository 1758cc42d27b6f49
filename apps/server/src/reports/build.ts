/** Gathers what the domain's pure report builders need from the database, then builds (or reuses) the JSON. */
import { buildPositivityPlan, buildProfileReport, individualDifferences, type Norms } from '@bloom/domain';
import { loadAnswers } from '../assessments/repository';
import { lifeDataOf } from '../assessments/scores';
import type { Db } from '../db/database';
import { currentNorms } from '../norms/norms-service';
import { coveredScores, type ReportAccess } from './access';
import { ReportCache, reportFingerprint, type ReportKind } from './cache';

/** The name on the report: the client's first and last name, else their user name (e-mail). */
export function reportName(owner: ReportAccess['owner']): string {
  const fullName = [owner.first_name, owner.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
  return fullName || owner.user_name;
}

/** Throws 409 incomplete_assessment when the answers do not meet the coverage rule. */
async function reportInput(db: Db, access: ReportAccess, norms: Norms) {
  const [answers, lifeData] = await Promise.all([loadAnswers(db, access.row.id), lifeDataOf(db, access.row.id)]);
  const scores = coveredScores(access.row, answers);
  return {
    scores,
    lifeData,
    norms,
    individualDifferences: individualDifferences(scores, lifeData, norms),
    clientName: reportName(access.owner),
    assessmentDate: access.row.created_at,
  };
}

const cache = new ReportCache();

/**
 * The report (profile) or plan of an assessment as a JSON string, built from the database,
 * or the cached copy when nothing it depends on has changed since. Only reports of assessments
 * that meet the coverage rule are ever built, and so cached: a cache hit is covered too.
 */
export async function reportJson(db: Db, access: ReportAccess, kind: ReportKind): Promise<string> {
  const norms = await currentNorms(db);
  const name = reportName(access.owner);
  const fingerprint = await reportFingerprint(db, access.row.id, norms, name);
  const key = `${kind}:${access.row.id}`;
  const cached = cache.get(key, fingerprint);
  if (cached !== undefined) return cached;
  const input = await reportInput(db, access, norms);
  const json = JSON.stringify(kind === 'plan' ? buildPositivityPlan(input) : buildProfileReport(input));
  cache.set(key, fingerprint, json);
  return json;
}
