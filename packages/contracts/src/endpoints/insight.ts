import { z } from 'zod';
import { insightSchema } from '../insight';
import { download, endpoint, json } from './define';

/**
 * Organization insight, the anonymous group lotus (DESIGN §14; issue 27; decision 0029). Only
 * the owning coach: anyone else's organization or group id answers 404, like an unknown one.
 */
const id = z.string().min(1);

export const insightEndpoints = {
  /** The organization's figures over its members' latest shared qualifying assessments, or why they are hidden. */
  getOrganizationInsight: endpoint({
    method: 'GET',
    path: '/api/coach/GetOrganizationInsight/{organizationId}',
    params: z.object({ organizationId: id }),
    response: json(insightSchema),
    caller: 'coach',
    owns: { organizationId: 'coachOwn' },
    writes: false,
    cache: 'private',
  }),
  /** One group's figures, decided together with the rest of its organization (complementary suppression). */
  getGroupInsight: endpoint({
    method: 'GET',
    path: '/api/coach/GetGroupInsight/{groupId}',
    params: z.object({ groupId: id }),
    response: json(insightSchema),
    caller: 'coach',
    owns: { groupId: 'coachOwn' },
    writes: false,
    cache: 'private',
  }),
  /** Every organization and group of the coach, one row each, by the same rule: no n and no scores where hidden, no person named. */
  exportInsightCsv: endpoint({
    method: 'GET',
    path: '/api/coach/ExportInsightCsv',
    response: download('text/csv', 'bloom-groups.csv'),
    caller: 'coach',
    writes: false,
    cache: 'no-store',
  }),
};
