/** Server-side renders of onboarding through a coach's invitation: before joining (the coach and place named, Join once both names are given) and after. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '../../../lib/router';
import { describe, expect, it } from 'vitest';
import { InvitationJoined } from './InvitationJoined';
import { InvitedOnboarding } from './InvitedOnboarding';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const render = (node: ReactNode) =>
  text(
    renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>,
    ),
  );
const preview = { coach: { firstName: 'Casey', lastName: 'Coach' }, organizationName: 'Acme', groupName: 'Team A' };
const none = () => undefined;

describe('onboarding through an invitation', () => {
  it('names the coach and the place, and offers Join once both names are given', () => {
    const named = render(<InvitedOnboarding invite="t" preview={preview} initialName={{ firstName: 'Robin', lastName: 'Reed' }} onJoined={none} onRefused={none} />);
    expect(named).toContain('Casey Coach invites you to Bloom');
    expect(named).toContain('You will join as Casey Coach’s client, in Acme, Team A.');
    expect(named).toContain('Join');
    // No coach, organization or group to choose: the invitation says them.
    expect(named).not.toContain('Are you working with a coach?');

    const unnamed = render(<InvitedOnboarding invite="t" preview={preview} initialName={{ firstName: 'Robin', lastName: ' ' }} onJoined={none} onRefused={none} />);
    expect(unnamed).not.toMatch(/\bJoin\b/);
  });

  it('says whose client the person now is, and where; an independent client without a place', () => {
    const joined = render(<InvitationJoined preview={preview} />);
    expect(joined).toContain('You are now a client of Casey Coach');
    expect(joined).toContain('You joined Acme, Team A.');
    expect(joined).toContain('Start your assessment');
    const independent = render(<InvitationJoined preview={{ ...preview, organizationName: null, groupName: null }} />);
    expect(independent).toContain('You are now a client of Casey Coach');
    expect(independent).not.toContain('You joined');
  });
});
