import { requireGroupOf, requireOrganizationOf } from '../../coaching/organizations';
import { withByteOrderMark } from '../../export/csv';
import { groupInsight, insightCsv, organizationInsight } from '../../insight/service';
import { isoNow } from '../../lib/time';
import type { Call, Output } from '../call';

/**
 * Organization insight, the anonymous group lotus (DESIGN §14; issue 27; decision 0029): only
 * the owning coach; another coach's (or an unknown, or a malformed) id answers 404.
 */

export async function getOrganizationInsight({ params, caller, db }: Call<'getOrganizationInsight'>): Promise<Output<'getOrganizationInsight'>> {
  const organization = await requireOrganizationOf(db, caller.user.id, params.organizationId);
  return organizationInsight(db, caller.user.id, organization.id, isoNow());
}

export async function getGroupInsight({ params, caller, db }: Call<'getGroupInsight'>): Promise<Output<'getGroupInsight'>> {
  const group = await requireGroupOf(db, caller.user.id, params.groupId);
  return groupInsight(db, caller.user.id, group, isoNow());
}

/**
 * bloom-groups.csv: every organization and group of the coach by the same rule; the entry names the
 * file and its type. It starts with the UTF-8 byte-order mark, so Excel reads names in any script
 * as written (decision 0007).
 */
export async function exportInsightCsv({ caller, db }: Call<'exportInsightCsv'>): Promise<Output<'exportInsightCsv'>> {
  return withByteOrderMark(await insightCsv(db, caller.user.id, isoNow()));
}

export const insightHandlers = {
  getOrganizationInsight,
  getGroupInsight,
  exportInsightCsv,
};
