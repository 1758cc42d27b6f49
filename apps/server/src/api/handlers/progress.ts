import { requireClientOf } from '../../coaching/clients';
import { instrumentStatistics, progressOf } from '../../progress/service';
import { researchCsvStream } from '../../progress/research-export';
import type { Call, Output } from '../call';

/**
 * Progress over time (DESIGN §13), the instrument's statistics and the research export
 * (DESIGN §15); issue 26, decision 0026.
 */

/** The caller's own progress (guests too). */
export async function getProgress({ caller, db }: Call<'getProgress'>): Promise<Output<'getProgress'>> {
  return progressOf(db, caller.user, 'owner');
}

/**
 * A client's progress over the assessments they have shared with the calling coach, with the
 * client's name so the page needs no second read of the coach's whole list; anyone else's id 404.
 */
export async function getClientProgress({ params, caller, db }: Call<'getClientProgress'>): Promise<Output<'getClientProgress'>> {
  const client = await requireClientOf(db, caller.user.id, params.clientId);
  const progress = await progressOf(db, client, 'coach');
  return { ...progress, client: { firstName: client.first_name, lastName: client.last_name } };
}

export async function getInstrumentStatistics({ db }: Call<'getInstrumentStatistics'>): Promise<Output<'getInstrumentStatistics'>> {
  return instrumentStatistics(db);
}

/** De-identified item-level research data as CSV, streamed; the entry names the file and its type. */
export async function exportResearchData({ db }: Call<'exportResearchData'>): Promise<Output<'exportResearchData'>> {
  return researchCsvStream(db);
}

export const progressHandlers = {
  getProgress,
  getClientProgress,
  getInstrumentStatistics,
  exportResearchData,
};
