/** User helpers shared by every API area. */
export { findUserById, isGuest, startGuest, upsertMember, markAsCoach, saveReferrerIfAbsent, saveDisplayName, saveLastVisitedRoute } from './users';
export type { UserRow, VerifiedIdentity } from './users';
export { isAdmin, isApprovedCoach, rolesOf } from './roles';
export { presentCurrentUser } from './presenter';
export { mergeGuestIntoMember } from './guest-merge';
export { normalizeReferrer } from './referrer';
