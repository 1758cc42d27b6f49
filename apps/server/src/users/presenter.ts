import type { CurrentUser } from '@bloom/contracts';
import type { AppConfig } from '../config';
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
