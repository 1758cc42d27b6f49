/**
 * Server-side renders of onboarding: through a coach's invitation, before joining (the coach and
 * place named) and after; and the usual form. Join is always there, a missing name marked at its
 * field when it is pressed (WCAG 3.3.1); Continue appears only once nothing is missing (spec 02
 * §5), a status line in its place saying what is still needed until then. The names and choices
 * say they are required (WCAG 3.3.2). A list whose read failed says so, with Try again, never that
 * there is nothing to choose (DESIGN.md §11).
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '../../../lib/router';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';
import { organizationsQuery } from '../api';
import { ONBOARDING_TEXT } from '../content';
import ClientOnboardingPage from '../pages/ClientOnboardingPage';
import { InvitationJoined } from './InvitationJoined';
import { InvitedOnboarding } from './InvitedOnboarding';
import { ListChoice } from './ListChoice';
import { NameFields } from './NameFields';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const renderHtml = (node: ReactNode, client = new QueryClient(), path = '/') =>
  renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
const render = (node: ReactNode) => text(renderHtml(node));
const inputs = (html: string) => html.match(/<input[^>]*>/g) ?? [];
/** The element whose id is `id`, and its text. */
const byId = (html: string, id: string) => text(new RegExp(`<(\\w+)[^>]*id="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html)?.[2] ?? '');
const preview = { coach: { firstName: 'Casey', lastName: 'Coach' }, organizationName: 'Acme', groupName: 'Team A' };
const none = () => undefined;

describe('onboarding through an invitation', () => {
  it('names the coach and the place, and offers Join', () => {
    const named = render(<InvitedOnboarding invite="t" preview={preview} initialName={{ firstName: 'Robin', lastName: 'Reed' }} onJoined={none} onRefused={none} />);
    expect(named).toContain('Casey Coach invites you to Bloom');
    expect(named).toContain('You will join as Casey Coach’s client, in Acme, Team A.');
    expect(named).toContain('Join');
    // No coach, organization or group to choose: the invitation says them.
    expect(named).not.toContain('Are you working with a coach?');

  });

  it('offers Join with a name missing too (no way on and no reason otherwise), both names required', () => {
    const html = renderHtml(<InvitedOnboarding invite="t" preview={preview} initialName={{ firstName: 'Robin', lastName: ' ' }} onJoined={none} onRefused={none} />);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[^<]*Join<\/button>/);
    expect(inputs(html)).toHaveLength(2);
    for (const input of inputs(html)) expect(input).toMatch(/\srequired=""/);
    // Nothing is marked wrong before Join is pressed.
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('Enter your last name.');
    expect(html).toMatch(/<form[^>]*novalidate/i);
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

describe('the name fields', () => {
  it('mark a missing name invalid, its error in the description, and leave the other as it is', () => {
    const html = renderHtml(<NameFields value={{ firstName: 'Robin', lastName: '' }} onChange={none} errors={{ lastName: 'Enter your last name.' }} />);
    const [first, last] = inputs(html);
    expect(first).not.toContain('aria-invalid');
    expect(last).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(last ?? '')?.[1] ?? '';
    expect(describedBy).not.toBe('');
    expect(describedBy.split(' ').map((id) => byId(html, id))).toContain('Enter your last name.');
  });
});

describe('the usual onboarding form', () => {
  const renderForm = (lastName: string) => {
    const client = new QueryClient();
    client.setQueryData([...CURRENT_USER_QUERY_KEY, '/client/onboarding'], { firstName: 'Robin', lastName, userName: 'robin@example.com', roles: ['Member'] });
    return renderHtml(<ClientOnboardingPage />, client, '/Client/Onboarding');
  };
  /** The polite status lines' texts. */
  const statuses = (html: string) => [...html.matchAll(/<(\w+)[^>]*role="status"[^>]*>([\s\S]*?)<\/\1>/g)].map((match) => text(match[2] ?? ''));

  it('has no Continue while something is missing (spec 02 §5), and says in its place what is still needed, as a status', () => {
    const html = renderForm('');
    expect(text(html)).toContain('Are you working with a coach?');
    expect(html).not.toMatch(/<button[^>]*type="submit"/);
    expect(text(html)).not.toContain('Continue');
    expect(statuses(html)).toEqual(['To continue, enter your last name and say whether you are working with a coach.']);
    // Shown, not only said: not the visually hidden class the empty status line has.
    expect(html).toMatch(/<p class="bloom-muted" role="status">To continue/);
  });

  it('marks the names and the Yes/No choice required, with no browser bubble and nothing marked wrong', () => {
    const html = renderForm('');
    const fields = inputs(html);
    expect(fields).toHaveLength(4);
    for (const input of fields) expect(input).toMatch(/\srequired=""/);
    expect(html).not.toContain('aria-invalid');
    expect(html).toMatch(/<form[^>]*novalidate/i);
  });

  it('with both names given, the instruction asks only for the choice', () => {
    expect(statuses(renderForm('Reed'))).toEqual(['To continue, say whether you are working with a coach.']);
  });
});

describe('a list of the usual form whose read failed (DESIGN.md §11)', () => {
  /** The organization list as the page draws it, over its own read. */
  function Organizations() {
    const organizations = useQuery(organizationsQuery);
    return (
      <ListChoice
        id="organization"
        label={ONBOARDING_TEXT.organization}
        value=""
        onChange={none}
        options={(organizations.data ?? []).map((o) => ({ value: o.organizationGuid, label: o.organizationName }))}
        read={organizations}
        emptyText={ONBOARDING_TEXT.noOrganizations}
        failedText={ONBOARDING_TEXT.organizationsFailed}
        retry={async () => true}
      />
    );
  }
  /** Drawn once the read has answered (or failed): as the mounted list has it, which does not ask again by itself. */
  const renderAfter = async (queryFn: () => Promise<unknown>) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
    await client.prefetchQuery({ queryKey: organizationsQuery.queryKey, queryFn });
    return renderHtml(<Organizations />, client);
  };

  it('offline: says the organizations could not be loaded, at the list (role alert, its description), with Try again; never "none available"', async () => {
    const html = await renderAfter(() => Promise.reject(new TypeError('Failed to fetch')));
    const alert = /<p id="([^"]+)" role="alert"[^>]*>([^<]*)<\/p>/.exec(html);
    expect(alert?.[2]).toBe('The organizations could not be loaded just now.');
    expect(/<select[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1]).toBe(alert?.[1]);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Try again<\/button>/);
    expect(text(html)).not.toContain('No organizations are available yet.');
  });

  it('read and empty: says there are none yet, with no alert', async () => {
    const html = await renderAfter(() => Promise.resolve([]));
    expect(text(html)).toContain('No organizations are available yet.');
    expect(html).not.toContain('role="alert"');
    expect(text(html)).not.toContain('Try again');
  });
});
