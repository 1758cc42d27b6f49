import { z } from 'zod';
import { assessmentSchema } from '../assessment';
import {
  clientUserSchema,
  coachAccountSchema,
  coachDashboardEntrySchema,
  coachListItemSchema,
  displayNameSchema,
  groupListItemSchema,
  groupsByOrganizationSchema,
  organizationListItemSchema,
  organizationWithGroupsSchema,
  pendingCoachSchema,
  personNamePayloadSchema,
  preGrantChangeSchema,
  siteLinksSchema,
} from '../coach';
import { download, endpoint, json, pathChoice } from './define';

/**
 * Coaches, their clients, organizations and groups, and the admins who approve coaches
 * (spec 02 §7; decision 0007; api/handlers/coach.ts, organization.ts, member.ts).
 */
const id = z.string().min(1);
const trueOrFalse = pathChoice(['true', 'false']);
const nameResultSchema = z.object({ firstName: z.string(), lastName: z.string() });
const releasedClientsSchema = z.object({ releasedClients: z.number().int() });
const groupAssignmentSchema = z.object({ ok: z.literal(true), groupGuid: z.string().nullable() });

export const coachingEndpoints = {
  saveClientName: endpoint({ method: 'POST', path: '/api/user/SaveClientName', body: personNamePayloadSchema, response: json(nameResultSchema), caller: 'member', writes: true }),
  /** The coach releases a client's Professional results to the client (Rapid results are always open: 400). */
  setClientAccessGranted: endpoint({
    method: 'POST',
    path: '/api/user/SetClientAccessGranted/{assessmentId}',
    params: z.object({ assessmentId: id }),
    response: json(assessmentSchema),
    caller: 'coach',
    owns: { assessmentId: 'clientAssessment' },
    writes: true,
  }),
  exportCsv: endpoint({ method: 'GET', path: '/api/data/ExportCsv', response: download('text/csv', 'data.csv'), caller: 'admin', writes: false, cache: 'no-store' }),
  getSiteLinks: endpoint({ method: 'GET', path: '/api/data/GetSiteLinks', response: json(siteLinksSchema), caller: 'anyone', writes: false, cache: 'public' }),

  /** The caller's own coach only, or none (decision 0030): the "Change coach" list; other coaches are joined by invitation. */
  getCoachList: endpoint({ method: 'GET', path: '/api/coach/GetCoachList', response: json(z.array(coachListItemSchema)), caller: 'member', writes: false, cache: 'private' }),
  getAssessmentsByCoach: endpoint({ method: 'GET', path: '/api/coach/GetAssessmentsByCoach', response: json(z.array(coachDashboardEntrySchema)), caller: 'coach', writes: false, cache: 'private' }),
  getOrganizationsByCoach: endpoint({ method: 'GET', path: '/api/coach/GetOrganizationsByCoach', response: json(z.array(organizationWithGroupsSchema)), caller: 'coach', writes: false, cache: 'private' }),
  getClientsWithNoOrg: endpoint({ method: 'GET', path: '/api/coach/GetClientsWithNoOrg', response: json(z.array(clientUserSchema)), caller: 'coach', writes: false, cache: 'private' }),
  /** Pending coaches too: they name themselves while awaiting approval. */
  setCoachName: endpoint({ method: 'POST', path: '/api/coach/SetCoachName', body: personNamePayloadSchema, response: json(nameResultSchema), caller: 'coachOrApplicant', writes: true }),
  /** The caller picks an approved coach (not themselves: 400). */
  assignCoachToUser: endpoint({
    method: 'POST',
    path: '/api/coach/AssignCoachToUser/{coachId}',
    params: z.object({ coachId: id }),
    response: json(z.object({ coachGuid: z.string() })),
    caller: 'member',
    writes: true,
  }),
  /** The caller leaves their coach, or a coach lets a client go. */
  unassignCoachFromUser: endpoint({
    method: 'POST',
    path: '/api/coach/UnassignCoachFromUser/{userId}',
    params: z.object({ userId: id }),
    response: json(z.object({ ok: z.literal(true) })),
    caller: 'member',
    owns: { userId: 'selfOrClient' },
    writes: true,
  }),
  /** Spec 02: "without the group segment the user becomes independent"; the server registers both forms. */
  makeClientIndependent: endpoint({
    method: 'POST',
    path: '/api/coach/AssignUserToNewGroup/{userId}',
    params: z.object({ userId: id }),
    response: json(groupAssignmentSchema),
    caller: 'coach',
    owns: { userId: 'client' },
    writes: true,
  }),
  assignUserToNewGroup: endpoint({
    method: 'POST',
    path: '/api/coach/AssignUserToNewGroup/{userId}/{groupGuid}',
    params: z.object({ userId: id, groupGuid: id }),
    response: json(groupAssignmentSchema),
    caller: 'coach',
    owns: { userId: 'client', groupGuid: 'coachOwn' },
    writes: true,
  }),
  /** The spec writes the last segment as {true|false}: true asks the client (decision 0020), false withdraws the ask or ends the pre-grant. */
  setUserAccessPreGranted: endpoint({
    method: 'POST',
    path: '/api/coach/SetUserAccessPreGranted/{userId}/{value}',
    params: z.object({ userId: id, value: trueOrFalse }),
    response: json(preGrantChangeSchema),
    caller: 'coach',
    owns: { userId: 'client' },
    writes: true,
    rateLimit: 'consent-change',
  }),

  pendingCoaches: endpoint({ method: 'GET', path: '/api/admin/PendingCoaches', response: json(z.array(pendingCoachSchema)), caller: 'admin', writes: false, cache: 'private' }),
  /** Approval is also the vetting that lets coaching include clients' plans (decision 0019). */
  approveCoach: endpoint({
    method: 'POST',
    path: '/api/admin/ApproveCoach/{userId}',
    params: z.object({ userId: id }),
    response: json(z.object({ id: z.string(), coachStatus: z.literal('approved') })),
    caller: 'admin',
    writes: true,
  }),
  coaches: endpoint({ method: 'GET', path: '/api/admin/Coaches', response: json(z.array(coachAccountSchema)), caller: 'admin', writes: false, cache: 'private' }),
  revokeCoachApproval: endpoint({
    method: 'POST',
    path: '/api/admin/RevokeCoachApproval/{userId}',
    params: z.object({ userId: id }),
    response: json(z.object({ id: z.string(), vetted: z.literal(false) })),
    caller: 'admin',
    writes: true,
  }),

  getNoCoachOrganizations: endpoint({ method: 'GET', path: '/api/organization/GetNoCoachOrganizations', response: json(z.array(organizationListItemSchema)), caller: 'member', writes: false, cache: 'private' }),
  getGroupsByOrganization: endpoint({ method: 'GET', path: '/api/organization/GetGroupsByOrganization', response: json(groupsByOrganizationSchema), caller: 'member', writes: false, cache: 'private' }),
  /** The caller joins a group of an approved coach, who becomes their coach (not their own organization: 400). */
  assignGroupToUser: endpoint({
    method: 'POST',
    path: '/api/organization/AssignGroupToUser/{groupId}',
    params: z.object({ groupId: id }),
    response: json(z.object({ groupGuid: z.string(), coachGuid: z.string() })),
    caller: 'member',
    writes: true,
  }),
  /** The name is the rest of the path (registered as `*`): 100 characters of a non-Latin script are long once encoded. */
  addNewOrganization: endpoint({
    method: 'POST',
    path: '/api/organization/AddNewOrganization/{name}',
    params: z.object({ name: displayNameSchema('Organization name') }),
    wildcard: 'name',
    response: json(organizationWithGroupsSchema, { status: 201 }),
    caller: 'coach',
    writes: true,
  }),
  addNewGroup: endpoint({
    method: 'POST',
    path: '/api/organization/AddNewGroup/{organizationGuid}/{groupName}',
    params: z.object({ organizationGuid: id, groupName: displayNameSchema('Group name') }),
    wildcard: 'groupName',
    response: json(groupListItemSchema, { status: 201 }),
    caller: 'coach',
    owns: { organizationGuid: 'coachOwn' },
    writes: true,
  }),
  deleteOrganization: endpoint({
    method: 'POST',
    path: '/api/organization/DeleteOrganization/{organizationGuid}',
    params: z.object({ organizationGuid: id }),
    response: json(releasedClientsSchema),
    caller: 'coach',
    owns: { organizationGuid: 'coachOwn' },
    writes: true,
  }),
  deleteGroup: endpoint({
    method: 'POST',
    path: '/api/organization/DeleteGroup/{groupGuid}',
    params: z.object({ groupGuid: id }),
    response: json(releasedClientsSchema),
    caller: 'coach',
    owns: { groupGuid: 'coachOwn' },
    writes: true,
  }),
};
