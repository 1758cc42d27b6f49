/** Server-side renders of the member dashboard's progress panel (issue 26, DESIGN §13, decision 0061). */
import type { Progress } from '@bloom/contracts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formReliability, progressAssessment } from '../../../lib/progress-fixtures';
import { MemoryRouter } from '../../../lib/router';
import { ProgressGlance } from './ProgressGlance';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const reliability = { Rapid: formReliability('baseline'), Professional: formReliability('baseline') };
const twoAssessments = (change: Partial<Progress['changes'][number]>, secondDate = '2026-03-06T09:15:00Z'): Progress => ({
  assessments: [progressAssessment('a', '2026-03-05T09:15:00Z', 2.1), progressAssessment('b', secondDate, 2.6)],
  changes: [{ fromId: 'a', toId: 'b', measure: 'overall', from: 2.1, to: 2.6, difference: 0.5, rci: 2.06, reliable: true, direction: 'improved', ...change }],
  reliability,
});

const render = (data: Progress) =>
  renderToString(
    <MemoryRouter initialEntries={['/Dashboard']}>
      <ProgressGlance data={data} />
    </MemoryRouter>,
  );

/** The chart cards: each an item holding a chart (role img). */
const cards = (html: string) => html.split('<li ').filter((card) => card.includes('role="img"'));
const card = (html: string, title: string) => cards(html).find((c) => c.includes(`>${title}</h3>`)) ?? '';
const chartNames = (html: string) => [...html.matchAll(/role="img" aria-label="([^"]+)"/g)].map((m) => m[1]);

describe('ProgressGlance', () => {
  it('with one assessment: the text that another one shows the change, no chart, and the link to /Progress', () => {
    const html = render({ assessments: [progressAssessment('a', '2026-03-05T09:15:00Z', 2.1)], changes: [], reliability });
    expect(text(html)).toContain('Take another assessment to see how your scores change over time.');
    expect(html).not.toContain('<svg');
    expect(html).toContain('href="/Progress"');
  });

  it('with two assessments: a chart per measure, named by its values by date, with the badge of its latest change', () => {
    const html = render(twoAssessments({}));
    expect(cards(html)).toHaveLength(11);
    const names = chartNames(html);
    expect(names).toHaveLength(11);
    expect(names[0]).toBe('Overall wellbeing, from 0 (Rarely) to 4 (Very Often), oldest first: 2.10 on March 5, 2026; 2.60 on March 6, 2026. Latest change: improved.');
    expect(text(card(html, 'Overall wellbeing'))).toMatch(/Overall wellbeing ↑ improved/);
    for (const title of ['Positive experiences', 'Positive feelings', 'Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy']) {
      expect(card(html, title), title).not.toBe('');
    }
    expect(text(html)).toContain('larger than the questionnaire’s measurement noise');
    expect(html).toContain('href="/Progress"');
    expect(text(html)).not.toMatch(/diagnos/i);
  });

  it('two assessments the same day are told apart by their time', () => {
    const names = chartNames(render(twoAssessments({}, '2026-03-05T16:40:00Z')));
    expect(names[0]).toMatch(/2\.10 on March 5, 2026, \d{1,2}:15 [AP]M; 2\.60 on March 5, 2026, \d{1,2}:40 [AP]M\./);
  });

  it('says a change resting on skipped questions is "not judged", and a change without both scores "not compared", as /Progress does', () => {
    const unjudged = render(twoAssessments({ rci: null, reliable: false, direction: 'no reliable change' }));
    expect(text(card(unjudged, 'Overall wellbeing'))).toContain('not judged');
    expect(card(unjudged, 'Overall wellbeing')).not.toContain('data-change=');
    // Body has no change row at all: not compared.
    expect(text(card(unjudged, 'Body'))).toContain('not compared');

    const missing = render(twoAssessments({ to: null, difference: null, rci: null, reliable: false, direction: 'no reliable change' }));
    expect(text(card(missing, 'Overall wellbeing'))).toContain('not compared');
    expect(text(card(missing, 'Overall wellbeing'))).not.toContain('not judged');
  });
});
