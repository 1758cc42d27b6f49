/**
 * Server-side renders of a coach dashboard section (Collapsible) on a history entry that remembers
 * it: Back returns the page as it was left (WCAG 2.4.3), a new visit starts as drawn by default.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../../lib/router';
import { Collapsible } from './Collapsible';

/** The browser's current entry holds `state` (a MemoryRouter's first entry has the key "default"). */
function onEntry(state: unknown): void {
  vi.stubGlobal('window', { history: { state, replaceState: vi.fn() }, addEventListener: vi.fn() });
}
afterEach(() => vi.unstubAllGlobals());
/** Written by this document (a record from an earlier visit counts only after Back or Forward). */
const thisDocument = performance.timeOrigin;

/** A client row (closed by default) inside an organization (open by default), as rendered. */
function render(remember = true): { organization: string; client: string; html: string } {
  const html = renderToString(
    <MemoryRouter initialEntries={['/CoachDashboard']}>
      <Collapsible level={2} defaultOpen remember={remember ? 'org-1' : undefined} summary="Riverside">
        <p>Organization body</p>
        <Collapsible level={3} remember={remember ? 'client-1' : undefined} summary="Robin Client">
          <a href="/CoachSupplement/a1">View Coach Supplement</a>
        </Collapsible>
      </Collapsible>
    </MemoryRouter>,
  );
  const buttons = html.match(/<button[^>]*aria-expanded="(true|false)"/g) ?? [];
  return { organization: buttons[0]?.match(/"(true|false)"/)?.[1] ?? 'absent', client: buttons[1]?.match(/"(true|false)"/)?.[1] ?? 'absent', html };
}

describe('a dashboard section remembered by its history entry', () => {
  it('a new visit (an entry remembering nothing) draws the defaults: organization open, client closed', () => {
    onEntry({ idx: 0 });
    const { organization, client, html } = render();
    expect([organization, client]).toEqual(['true', 'false']);
    expect(html).not.toContain('View Coach Supplement');
  });

  it('Back to an entry remembering the client open draws it open, with its links', () => {
    onEntry({ idx: 0, coachSections: { open: { 'client-1': true }, left: { section: 'client-1', href: '/CoachSupplement/a1' }, document: thisDocument } });
    const { organization, client, html } = render();
    expect([organization, client]).toEqual(['true', 'true']);
    expect(html).toContain('href="/CoachSupplement/a1"');
  });

  it('an organization the coach closed stays closed', () => {
    onEntry({ idx: 0, coachSections: { open: { 'org-1': false, 'client-1': true }, document: thisDocument } });
    const { organization, client, html } = render();
    expect(organization).toBe('false');
    expect(client).toBe('absent');
    expect(html).not.toContain('Organization body');
  });

  it("another entry's record is not this page's; a section without an id remembers nothing", () => {
    onEntry({ key: 'another-entry', idx: 2, coachSections: { open: { 'client-1': true, 'org-1': false }, document: thisDocument } });
    expect(render()).toMatchObject({ organization: 'true', client: 'false' });
    onEntry({ idx: 0, coachSections: { open: { 'client-1': true, 'org-1': false }, document: thisDocument } });
    expect(render(false)).toMatchObject({ organization: 'true', client: 'false' });
  });
});
