import { displayNameSchema, type GroupListItem, type GroupsByOrganization, type OrganizationListItem, type OrganizationWithGroups } from '@bloom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptEmptyJsonBodies } from '../auth/empty-json-body';
import { requireCoachAccount } from '../coaching/guards';
import {
  createGroup,
  createOrganization,
  deleteGroup,
  deleteOrganization,
  findJoinableGroup,
  joinableGroups,
  joinableOrganizations,
  requireGroupOf,
  requireOrganizationOf,
} from '../coaching/organizations';
import { moveClient } from '../coaching/relationship';
import { badRequest, notFound, parseInput } from '../http/errors';
import { requireMember } from '../sessions/plugin';

const organizationNameSchema = displayNameSchema('Organization name');
const groupNameSchema = displayNameSchema('Group name');

/**
 * Organizations and groups (spec 02 §7; docs/decisions/0007-coach-access.md).
 * - GET  /api/organization/GetNoCoachOrganizations → OrganizationListItem[] (any member: the
 *   organizations of approved coaches, to join during onboarding)
 * - GET  /api/organization/GetGroupsByOrganization → { [organizationGuid]: GroupListItem[] }
 * - POST /api/organization/AssignGroupToUser/{groupId} → { groupGuid, coachGuid } (the caller joins;
 *   the organization's coach becomes their coach)
 * - POST /api/organization/AddNewOrganization/{name} → OrganizationWithGroups (201)
 * - POST /api/organization/AddNewGroup/{organizationGuid}/{groupName} → GroupListItem (201)
 * - POST /api/organization/DeleteOrganization/{organizationGuid} → { releasedClients }
 * - POST /api/organization/DeleteGroup/{groupGuid} → { releasedClients }
 * Names arrive as the last path segment; they are matched with a wildcard so that a
 * 100-character name in a non-Latin script (up to 1,200 characters once URL-encoded)
 * is not cut off by the router's parameter length limit.
 */
export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  acceptEmptyJsonBodies(app);

  app.get('/api/organization/GetNoCoachOrganizations', async (request): Promise<OrganizationListItem[]> => {
    const session = requireMember(request);
    return joinableOrganizations(db, session.user.id);
  });

  app.get('/api/organization/GetGroupsByOrganization', async (request): Promise<GroupsByOrganization> => {
    const session = requireMember(request);
    return joinableGroups(db, session.user.id);
  });

  app.post<{ Params: { groupId: string } }>('/api/organization/AssignGroupToUser/:groupId', async (request) => {
    const session = requireMember(request);
    const group = await findJoinableGroup(db, request.params.groupId);
    if (!group) throw notFound('Group not found.');
    if (group.coachId === session.user.id) throw badRequest('You cannot join your own organization as a client.');
    await moveClient(db, session.user.id, { coachId: group.coachId, groupId: group.groupId, actedBy: session.user.id });
    return { groupGuid: group.groupId, coachGuid: group.coachId };
  });

  app.post('/api/organization/AddNewOrganization/*', async (request, reply): Promise<OrganizationWithGroups> => {
    const session = requireCoachAccount(request);
    const name = parseInput(organizationNameSchema, wildcard(request), 'organization name');
    return reply.status(201).send(await createOrganization(db, session.user.id, name));
  });

  app.post<{ Params: { organizationGuid: string } }>('/api/organization/AddNewGroup/:organizationGuid/*', async (request, reply): Promise<GroupListItem> => {
    const session = requireCoachAccount(request);
    const organization = await requireOrganizationOf(db, session.user.id, request.params.organizationGuid);
    const name = parseInput(groupNameSchema, wildcard(request), 'group name');
    return reply.status(201).send(await createGroup(db, organization, name));
  });

  app.post<{ Params: { organizationGuid: string } }>('/api/organization/DeleteOrganization/:organizationGuid', async (request) => {
    const session = requireCoachAccount(request);
    const organization = await requireOrganizationOf(db, session.user.id, request.params.organizationGuid);
    return deleteOrganization(db, session.user.id, organization);
  });

  app.post<{ Params: { groupGuid: string } }>('/api/organization/DeleteGroup/:groupGuid', async (request) => {
    const session = requireCoachAccount(request);
    const group = await requireGroupOf(db, session.user.id, request.params.groupGuid);
    return deleteGroup(db, session.user.id, group);
  });
}

/** The decoded rest of the path matched by `*` (empty when the name segment is missing). */
function wildcard(request: FastifyRequest): string {
  return (request.params as Record<string, string | undefined>)['*'] ?? '';
}
