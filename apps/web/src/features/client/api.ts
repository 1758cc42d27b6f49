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
 * Continue's join answered 404: the chosen coach (no longer an approved coach, or their account
 * gone) or group (deleted, or its organization, or its coach is no longer approved) is gone since
 * the lists were read. Pressing Continue again cannot help.
 */
export class ChosenGone extends Error {
  constructor(readonly list: 'coach' | 'group') {
    super(`The chosen ${list} is no longer available.`);
    this.name = 'ChosenGone';
  }
}

/** The onboarding's last steps: join the coach or group, then start the assessment it leads to. */
export async function joinAndStart(plan: OnboardingPlan): Promise<void> {
  const { join } = plan;
  try {
    if ('coachId' in join) await api.assignCoachToUser({ coachId: join.coachId });
    else await api.assignGroupToUser({ groupId: join.groupId });
  } catch (error) {
    throw error instanceof ApiError && error.status === 404 ? new ChosenGone('coachId' in join ? 'coach' : 'group') : error;
  }
  await api.createNewAssessment({ type: plan.assessmentType });
}

/** Onboarding through an invitation: save the name, then become the coach's client (spec 02 §4 order: name first). */
export async function acceptInvitation(name: PersonName, invite: string) {
  await saveClientName(name);
  return api.acceptInvitation({ body: { invite } });
}

/** After joining a coach: a Professional assessment, as choosing a coach leads to (spec 02 §4). */
export const startProfessionalAssessment = () => api.createNewAssessment({ type: 'Professional' });
