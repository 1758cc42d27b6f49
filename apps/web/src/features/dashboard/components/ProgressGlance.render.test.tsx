/** Server-side renders of the member dashboard's progress glance (issue 26, decision 0061). */
import type { Progress } from '@bloom/contracts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formReliability, progressAssessment } from '../../../lib/progress-fixtures';
import { MemoryRouter } from '../../../lib/router';
import { ProgressGlance } from './ProgressGlance';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const twoAssessments = (change: Partial<Progress['changes'][number]>): Progress => ({
  assessments: [progressAssessment('a', '2026-03-05T09:15:00Z', 2.1), progressAssessment('b', '2026-03-06T09:15:00Z', 2.6)],
  changes: [{ fromId: 'a', toId: 'b', measure: 'overall', from: 2.1, to: 2.6, difference: 0.5, rci: 2.06, reliable: true, direction: 'improved', ...change }],
  reliability: { Rapid: formReliability('baseline'), Professional: formReliability('baseline') },
});

const glance = (data: Progress) =>
  text(
    renderToString(
      <MemoryRouter initialEntries={['/Dashboard']}>
        <ProgressGlance data={data} />
      </MemoryRouter>,
    ),
  );

describe('ProgressGlance', () => {
  it('shows the badge of a judged change', () => {
    expect(glance(twoAssessments({}))).toMatch(/Overall wellbeing : ↑ improved/i);
  });

  it('says a change resting on skipped questions is not judged, rather than that it could not be compared', () => {
    const words = glance(twoAssessments({ rci: null, reliable: false, direction: 'no reliable change' }));
    expect(words).toContain('is not judged');
    expect(words).not.toContain('could not be compared');
  });

  it('says two assessments could not be compared when a score is missing', () => {
    const words = glance(twoAssessments({ to: null, difference: null, rci: null, reliable: false, direction: 'no reliable change' }));
    expect(words).toContain('could not be compared');
  });
});
