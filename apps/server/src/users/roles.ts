import type { UserRole } from '@bloom/contracts';
import type { AppConfig } from '../config';
import type { UserRow } from './users';

/**
 * Admins are named by e-mail in ADMIN_EMAILS (DESIGN.md §5). Only `users.email` counts,
 * which holds an address the identity provider vouches for (see upsertMember), never
 * the free-text userName.
 */
export function isAdmin(config: Pick<AppConfig, 'adminEmails'>, user: Pick<UserRow, 'email' | 'is_guest'>): boolean {
  if (user.is_guest || !user.email) return false;
  return isAdminAddress(config, user.email);
}

/** Whether an address is one of ADMIN_EMAILS, compared as the configuration keeps them (trimmed, lower case). */
export function isAdminAddress(config: Pick<AppConfig, 'adminEmails'>, email: string): boolean {
  return config.adminEmails.has(email.trim().toLowerCase());
}

export const isApprovedCoach = (user: Pick<UserRow, 'coach_status' | 'is_guest'>): boolean =>
  !user.is_guest && user.coach_status === 'approved';

/** Member for everyone signed in, Coach once approved, Admin by configuration. Guests have no roles. */
export function rolesOf(config: Pick<AppConfig, 'adminEmails'>, user: UserRow): UserRole[] {
  if (user.is_guest) return [];
  const roles: UserRole[] = ['Member'];
  if (isApprovedCoach(user)) roles.push('Coach');
  if (isAdmin(config, user)) roles.push('Admin');
  return roles;
}
