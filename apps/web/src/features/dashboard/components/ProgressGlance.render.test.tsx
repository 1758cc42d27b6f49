/** Server-side renders of the member dashboard's progress glance (issue 26, decision 0061). */
import type { Progress } from '@bloom/contracts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../lib/router';
import { ProgressGlance } from './ProgressGlance';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const petals = (v: number) => ({ Body: v, Mind: v, Connection: v, Purpose: v, Openness: v, Wellness: v, Significance: v, Efficacy: v });
const assessment = (id: string, date: string, overall: number) => ({
  id,
  date,
  isNinetyItem: false,
  scores: { overall, experiences: overall, feelings: overall, mindset: 1.5, resilience: 62, energy: 2, petals: petals(overall) },
});
const reliability = () => {
  const measure = { source: 'baseline' as const, n: 724, reliability: 0.93, sd: 0.66 };
  const measures = Object.fromEntries(['overall', 'experiences', 'feelings', ...Object.keys(petals(0))].map((m) => [m, measure])) as Progress['reliability']['Rapid']['measures'];
  return { source: 'baseline' as const, liveN: 3, liveFrom: 100, computedAt: null, measures };
};
const twoAssessments = (change: Partial<Progress['changes'][number]>): Progress => ({
  assessments: [assessment('a', '2026-03-05T09:15:00Z', 2.1), assessment('b', '2026-03-06T09:15:00Z', 2.6)],
  changes: [{ fromId: 'a', toId: 'b', measure: 'overall', from: 2.1, to: 2.6, difference: 0.5, rci: 2.06, reliable: true, direction: 'improved', ...change }],
  reliability: { Rapid: reliability(), Professional: reliability() },
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
