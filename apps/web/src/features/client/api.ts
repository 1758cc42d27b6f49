import type { PersonName } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { api } from '../../lib/api-client';
import type { OnboardingPlan } from './logic/onboarding';

/** Calls of client onboarding (spec 02 §7). */
export const coachesQuery = queryOptions({
  queryKey: ['onboarding', 'coaches'],
  queryFn: () => api.getCoachList(),
});

export const organizationsQuery = queryOptions({
  queryKey: ['onboarding', 'organizations'],
  queryFn: () => api.getNoCoachOrganizations(),
});

export const groupsQuery = queryOptions({
  queryKey: ['onboarding', 'groups'],
  queryFn: () => api.getGroupsByOrganization(),
});

export const saveClientName = (name: PersonName) => api.saveClientName({ body: name });
/**
 * AssignGroupToUser answered 404: the chosen group is gone since the lists were read (deleted, or
 * its organization, or its coach is no longer approved). Pressing Continue again cannot help.
 */
export class ChosenGroupGone extends Error {
  constructor() {
    super('The chosen group is no longer available.');
    this.name = 'ChosenGroupGone';
  }
}

/** The onboarding's last steps: join the coach or group, then start the assessment it leads to. */
export async function joinAndStart(plan: OnboardingPlan): Promise<void> {
  if ('coachId' in plan.join) await api.assignCoachToUser({ coachId: plan.join.coachId });
  else await joinGroup(plan.join.groupId);
  await api.createNewAssessment({ type: plan.assessmentType });
}

async function joinGroup(groupId: string): Promise<void> {
  try {
    await api.assignGroupToUser({ groupId });
  } catch (error) {
    throw error instanceof ApiError && error.status === 404 ? new ChosenGroupGone() : error;
  }
}

/** Onboarding through an invitation: save the name, then become the coach's client (spec 02 §4 order: name first). */
export async function acceptInvitation(name: PersonName, invite: string) {
  await saveClientName(name);
  return api.acceptInvitation({ body: { invite } });
}

/** After joining a coach: a Professional assessment, as choosing a coach leads to (spec 02 §4). */
export const startProfessionalAssessment = () => api.createNewAssessment({ type: 'Professional' });
