import { z } from 'zod';
import { coachDashboardEntrySchema } from './coach';
import { COACH_CLIENT_SEARCH_MAX } from './constants';

/**
 * The coach dashboard one page at a time (issue 27 part 3, decision 0032): an outline of the
 * coach's organizations and groups with how many clients each holds, then pages of clients
 * per section or per search. At 10,000 clients the whole list (GetAssessmentsByCoach) is
 * megabytes; an outline and one page are a few kilobytes.
 */

/** Clients per page unless the caller asks for another number (1 to COACH_CLIENTS_PAGE_MAX). */
export const COACH_CLIENTS_PAGE_SIZE = 25;
export const COACH_CLIENTS_PAGE_MAX = 100;

export const dashboardOutlineGroupSchema = z.object({
  groupGuid: z.string(),
  groupName: z.string(),
  /** The organization's "No Group" group. */
  isDefault: z.boolean(),
  clientCount: z.number().int(),
});
export const dashboardOutlineOrganizationSchema = z.object({
  organizationGuid: z.string(),
  organizationName: z.string(),
  clientCount: z.number().int(),
  /** "No Group" first, then by name. */
  groups: z.array(dashboardOutlineGroupSchema),
});

/** GET /api/coach/GetDashboardOutline: every organization and group of the coach (by name), and the counts. */
export const dashboardOutlineSchema = z.object({
  totalClients: z.number().int(),
  independentClients: z.number().int(),
  organizations: z.array(dashboardOutlineOrganizationSchema),
});
export type DashboardOutline = z.infer<typeof dashboardOutlineSchema>;
export type DashboardOutlineOrganization = z.infer<typeof dashboardOutlineOrganizationSchema>;
export type DashboardOutlineGroup = z.infer<typeof dashboardOutlineGroupSchema>;

/**
 * GET /api/coach/GetClientsPage: one page of clients in a stable order (last name, first name,
 * then id), `total` of them in all, and the cursor of the next page (null on the last).
 */
export const coachClientsPageSchema = z.object({
  clients: z.array(coachDashboardEntrySchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type CoachClientsPage = z.infer<typeof coachClientsPageSchema>;

/**
 * Which clients a page lists: one group's (`groupId`), the independent ones (`independent=true`),
 * or all of them; `search` keeps those whose name or e-mail contains it, ignoring case and accents.
 */
export const coachClientsQuerySchema = z.object({
  groupId: z.string().min(1).optional(),
  independent: z.literal('true', { error: 'must be true when given' }).optional(),
  search: z.string().max(COACH_CLIENT_SEARCH_MAX, `must be at most ${COACH_CLIENT_SEARCH_MAX} characters`).optional(),
  /** The previous page's nextCursor, as it came. */
  cursor: z.string().max(2_000, 'is not a cursor of this list').optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${COACH_CLIENTS_PAGE_MAX}`)
    .refine((value) => Number(value) >= 1 && Number(value) <= COACH_CLIENTS_PAGE_MAX, `must be a whole number from 1 to ${COACH_CLIENTS_PAGE_MAX}`)
    .optional(),
});
export type CoachClientsQuery = z.input<typeof coachClientsQuerySchema>;
