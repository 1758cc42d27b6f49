import type { CurrentUser } from '@bloom/contracts';
import type { AppConfig } from '../config';
import { isVettedCoach } from '../coaching/vetting';
import type { Db } from '../db/database';
import { planIsFree } from '../payments/pricing';
import { rolesOf } from './roles';
import type { UserRow } from './users';

/** The one place a user row becomes the `currentUserSchema` payload (GET /api/user/getCurrentUser and the login callbacks). */
export function presentCurrentUser(config: Pick<AppConfig, 'adminEmails'>, user: UserRow): CurrentUser {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    userName: user.user_name,
    coachGuid: user.coach_id,
    researchOptIn: user.research_opt_in === 1,
    userRoles: rolesOf(config, user),
    lastVisitedRoute: user.last_visited_route,
    coachPending: !user.is_guest && user.coach_status === 'pending',
    accessPreGranted: user.access_pre_granted === 1,
  };
}

/**
 * GET getCurrentUser's answer for a coach also says whether their releases include clients' plans
 * (`coachIncludesPlans`), so the coach dashboard's "Grant client access" says what the client will
 * get. Read from coach_vettings on each call (one indexed look-up, coaches only): an admin's
 * approval or revocation shows on the coach's next page, and the session row stays as it is.
 */
export async function withCoachTerms(db: Db, config: Pick<AppConfig, 'planPriceCents' | 'planPromoPriceCents'>, presented: CurrentUser): Promise<CurrentUser> {
  if (!presented.userRoles.includes('Coach')) return presented;
  if (planIsFree(config)) return { ...presented, coachIncludesPlans: true };
  return { ...presented, coachIncludesPlans: await isVettedCoach(db, presented.id) };
}
