import { describe, expect, it } from 'vitest';
import { presentCurrentUser } from './presenter';
import { isAdmin, rolesOf } from './roles';
import type { UserRow } from './users';

const config = { adminEmails: new Set(['boss@bloom.test']) };
const base: UserRow = {
  id: 'u1', issuer: 'https://idp.example', subject: 's1', user_name: 'Boss@Bloom.test', email: 'boss@bloom.test',
  first_name: 'B', last_name: 'C', is_guest: 0, coach_status: 'none', coach_id: 'c1', group_id: null,
  research_opt_in: 1, access_pre_granted: 0, last_visited_route: '/Dashboard', referrer: null, merged_into: null,
  created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z',
};

describe('roles and the current-user presenter', () => {
  it('gives Member to everyone signed in, Coach once approved, Admin by verified e-mail', () => {
    expect(rolesOf(config, { ...base, email: null })).toEqual(['Member']);
    expect(rolesOf(config, { ...base, coach_status: 'approved' })).toEqual(['Member', 'Coach', 'Admin']);
    expect(rolesOf(config, { ...base, coach_status: 'pending', email: 'x@y.z' })).toEqual(['Member']);
  });

  it('never treats a guest as a member, coach or admin', () => {
    const guest = { ...base, is_guest: 1, coach_status: 'approved' };
    expect(rolesOf(config, guest)).toEqual([]);
    expect(isAdmin(config, guest)).toBe(false);
  });

  it('does not grant Admin from the userName alone', () => {
    expect(isAdmin(config, { ...base, email: null })).toBe(false);
  });

  it('maps the row to the contract', () => {
    expect(presentCurrentUser(config, { ...base, coach_status: 'pending' })).toEqual({
      id: 'u1', firstName: 'B', lastName: 'C', userName: 'Boss@Bloom.test', coachGuid: 'c1', researchOptIn: true,
      userRoles: ['Member', 'Admin'], lastVisitedRoute: '/Dashboard', coachPending: true, accessPreGranted: false,
    });
  });
});
