/** Server-side renders of one assessment row of the coach dashboard: its client-access button (spec 02 §4, decision 0056). */
import type { CoachAssessmentSummary } from '@bloom/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../lib/router';
import { CoachAssessmentRow } from './CoachAssessmentRow';

const pro: CoachAssessmentSummary = { id: 'a1', date: '2026-11-20T10:00:00.000Z', isNinetyItem: true, coachAccessGranted: true, clientAccessGranted: false, releasedByThisCoach: false };

/** The row's client-access button, as rendered. */
function clientAccessButton(assessment: CoachAssessmentSummary): string {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CoachAssessmentRow assessment={assessment} date="20 Nov 2026" clientName="Robin Client" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const buttons = html.match(/<button[^>]*>.*?<\/button>/g) ?? [];
  const button = buttons.find((tag) => /client access/i.test(tag));
  expect(button, html).toBeDefined();
  return button!;
}

describe('the client-access button of a Professional assessment', () => {
  it('offers to release results not yet released, through the confirmation', () => {
    const button = clientAccessButton(pro);
    expect(button).toContain('Grant client access');
    expect(button).toContain('aria-haspopup="dialog"');
    expect(button).not.toMatch(/\sdisabled=""/);
  });

  it('says granted, and offers nothing, once this coach released them', () => {
    const button = clientAccessButton({ ...pro, clientAccessGranted: true, releasedByThisCoach: true });
    expect(button).toContain('Client access granted');
    expect(button).toMatch(/\sdisabled=""/);
  });

  it('still offers the release, with the same confirmation, when a former coach released them', () => {
    const button = clientAccessButton({ ...pro, clientAccessGranted: true, releasedByThisCoach: false });
    expect(button).toContain('Grant client access');
    expect(button).toContain('aria-haspopup="dialog"');
    expect(button).not.toMatch(/\sdisabled=""/);
  });
});

/** What a screen reader names a button by: its text, hidden or not, without the tags (none of these carries an aria-label). */
const accessibleName = (button: string) => button.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').trim();

describe('the client-access button of a Rapid assessment', () => {
  it('reads "N/A", disabled, and is named for what it is: "Client access: N/A" (WCAG 4.1.2, 2.4.6)', () => {
    const button = clientAccessButton({ ...pro, isNinetyItem: false });
    expect(accessibleName(button)).toMatch(/^client access.*N\/A$/i);
    expect(button).toMatch(/\sdisabled=""/);
    // Spec 02 §2: the text people see is "N/A"; the rest is for screen readers only.
    const visible = button.replace(/<!-- -->/g, '').replace(/<span class="visually-hidden">[^<]*<\/span>/, '');
    expect(visible).toMatch(/^<button[^>]*>N\/A<\/button>$/);
  });
});
