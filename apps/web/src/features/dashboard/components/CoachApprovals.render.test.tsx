/** Server-side renders of the admins' "Coach approvals" panel: each row says the coach's real state (decision 0019). */
import type { CoachAccount } from '@bloom/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { COACH_APPROVALS_TEXT as T } from '../admin-content';
import { coachAccountsQuery } from '../api';
import { CoachApprovals } from './CoachApprovals';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const account = (lastName: string, coachStatus: CoachAccount['coachStatus'], vetted: boolean, revocable = vetted): CoachAccount => ({
  id: `id-${lastName}`,
  firstName: 'Vera',
  lastName,
  userName: `${lastName.toLowerCase()}@bloom.test`,
  signedUpAt: '2026-11-20T10:00:00.000Z',
  coachStatus,
  vetted,
  revocable,
});

/** The panel with these coaches, as the server renders it. */
function panel(coaches: CoachAccount[]): string {
  const client = new QueryClient();
  client.setQueryData(coachAccountsQuery.queryKey, coaches);
  return renderToString(
    <QueryClientProvider client={client}>
      <CoachApprovals />
    </QueryClientProvider>,
  );
}

/** The panel with these coaches, and each row's text and button. */
function rows(coaches: CoachAccount[]): Array<{ text: string; button: string; buttons: string[] }> {
  const html = panel(coaches);
  return (html.match(/<li[^>]*>.*?<\/li>/g) ?? []).map((row) => ({ text: text(row), button: row.match(/<button[^>]*>/)?.[0] ?? '', buttons: row.match(/<button[^>]*>/g) ?? [] }));
}

describe('a row of the coach approvals panel', () => {
  it('says a coach waiting for approval (approval sign-up, or revoked there) cannot coach, and offers Approve', () => {
    const [row] = rows([account('Waiting', 'pending', false)]);
    expect(row!.text).toContain('Waiting for approval: cannot coach clients until approved');
    expect(row!.button).toContain('aria-label="Approve Vera Waiting as a coach"');
  });

  it('says an approved coach includes plans, and offers Revoke approval', () => {
    const [row] = rows([account('Vetted', 'approved', true)]);
    expect(row!.text).toContain('Approved by an administrator: clients’ plans are included');
    expect(row!.button).toContain('aria-label="Revoke the approval of Vera Vetted"');
  });

  it('says a coach coaching without approval (open sign-up, or revoked there) coaches without plans, never that they are not coaching', () => {
    const [row] = rows([account('Open', 'approved', false)]);
    expect(row!.text).toContain('Coaching; clients’ plans are not included');
    expect(row!.text).not.toMatch(/not yet approved|Waiting/);
    expect(row!.button).toContain('aria-label="Approve Vera Open as a coach"');
    expect(row!.buttons).toHaveLength(1);
  });

  it('offers both Approve and Revoke approval for a coach approved without a vetting under approval sign-up, so stopping them never needs an approval first', () => {
    const [row] = rows([account('Unvetted', 'approved', false, true)]);
    expect(row!.text).toContain('Coaching; clients’ plans are not included');
    expect(row!.buttons).toHaveLength(2);
    expect(row!.buttons[0]).toContain('aria-label="Approve Vera Unvetted as a coach"');
    expect(row!.buttons[1]).toContain('aria-label="Revoke the approval of Vera Unvetted"');
  });
});

describe('after a change in the coach approvals panel', () => {
  it('keeps an empty status line on the panel from its first render, so what a change did is said when its text arrives', () => {
    const html = panel([account('Waiting', 'pending', false)]);
    expect(html).toMatch(/<p class="visually-hidden" role="status"><\/p>/);
    expect(html.match(/role="status"/g)).toHaveLength(1);
  });

  it('lets each row take the focus its replaced button had, named by the coach', () => {
    const html = panel([account('Vetted', 'approved', true), account('Open', 'approved', false)]);
    const openings = html.match(/<li[^>]*>/g) ?? [];
    expect(openings).toHaveLength(2);
    expect(openings[0]).toContain('tabindex="-1"');
    expect(openings[0]).toContain('aria-label="Vera Vetted"');
    expect(openings[1]).toContain('aria-label="Vera Open"');
  });

  it('says the state the server reports after it: plans included, coaching without them, or waiting', () => {
    expect(T.changed('Cora Coach', 'approved', 'approved', true)).toBe('Cora Coach approved: clients’ plans are included');
    expect(T.changed('Cora Coach', 'revoked', 'approved', false)).toBe('Approval of Cora Coach revoked: coaching, clients’ plans are not included');
    expect(T.changed('Cora Coach', 'revoked', 'pending', false)).toBe('Approval of Cora Coach revoked: waiting for approval, cannot coach clients until approved');
  });
});
