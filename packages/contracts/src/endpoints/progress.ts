import { z } from 'zod';
import { clientProgressSchema, instrumentStatisticsSchema, progressSchema } from '../progress';
import { download, endpoint, json } from './define';

/**
 * Progress over time (DESIGN §13), the instrument's own statistics and the research export
 * (DESIGN §15; issue 26; decision 0026).
 */
const id = z.string().min(1);

export const progressEndpoints = {
  /** The caller's own assessments that meet the coverage rule, oldest first, and the change rows between them. Guests have assessments too. */
  getProgress: endpoint({ method: 'GET', path: '/api/data/GetProgress', response: json(progressSchema), caller: 'session', writes: false, cache: 'private' }),
  /** The same over the assessments a client of the calling coach has shared with them; anyone else's id 404. */
  getClientProgress: endpoint({
    method: 'GET',
    path: '/api/coach/GetClientProgress/{clientId}',
    params: z.object({ clientId: id }),
    response: json(clientProgressSchema),
    caller: 'coach',
    owns: { clientId: 'client' },
    writes: false,
    cache: 'private',
  }),
  /** α, mean, SD per scale and form, per-item figures and the norm group, from research-consenting completed assessments. */
  getInstrumentStatistics: endpoint({
    method: 'GET',
    path: '/api/admin/GetInstrumentStatistics',
    response: json(instrumentStatisticsSchema),
    caller: 'admin',
    writes: false,
    cache: 'private',
  }),
  /** Item-level answers of research-consenting completed assessments, de-identified, streamed as CSV. */
  exportResearchData: endpoint({
    method: 'GET',
    path: '/api/admin/ExportResearchData',
    response: download('text/csv', 'bloom-research.csv'),
    caller: 'admin',
    writes: false,
    cache: 'no-store',
  }),
};
