/** Server-side renders of /Progress's body: the empty states, the badges, the charts' text alternatives and the table's times. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProgressChange, ProgressView as ProgressData } from '../../../lib/progress-changes';
import { formReliability, progressAssessment } from '../../../lib/progress-fixtures';
import { ProgressView } from './ProgressView';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const assessment = progressAssessment;
const reliability = formReliability;
const row = (measure: ProgressChange['measure'], direction: ProgressChange['direction']): ProgressChange => ({
  fromId: 'a',
  toId: 'b',
  measure,
  from: 2.1,
  to: direction === 'declined' ? 1.5 : 2.6,
  difference: direction === 'declined' ? -0.6 : 0.5,
  rci: direction === 'no reliable change' ? 1.2 : direction === 'declined' ? -2.5 : 2.06,
  reliable: direction !== 'no reliable change',
  direction,
});

const render = (progress: ProgressData) => renderToString(<ProgressView progress={progress} subject="self" actions={null} />);

describe('ProgressView', () => {
  it('says there are no results yet, without charts or a table', () => {
    const html = render({ assessments: [], changes: [], reliability: { Rapid: reliability('baseline'), Professional: reliability('baseline') } });
    expect(text(html)).toContain('No results yet');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<table');
    expect(text(html)).toContain('not a diagnosis');
  });

  it('with one assessment: no change yet, one point per chart, one table row', () => {
    const html = render({ assessments: [assessment('a', '2026-03-05T09:15:00Z', 2.1)], changes: [], reliability: { Rapid: reliability('baseline'), Professional: reliability('baseline') } });
    expect(text(html)).toContain('No change to show yet');
    expect(html).not.toContain('data-change=');
    expect(html).not.toContain('Provisional figures');
    expect(html.match(/<circle/g)).toHaveLength(11);
    expect(html.match(/<tr>/g)).toHaveLength(2);
  });

  it('with two same-day assessments: badges, times in the table, and provisional figures', () => {
    const progress: ProgressData = {
      assessments: [assessment('a', '2026-03-05T09:15:00Z', 2.1), assessment('b', '2026-03-05T16:40:00Z', 2.6)],
      changes: [row('overall', 'improved'), row('experiences', 'no reliable change'), row('feelings', 'declined'), row('Body', 'improved')],
      reliability: { Rapid: reliability('baseline'), Professional: reliability('live') },
    };
    const html = render(progress);
    const words = text(html);
    expect(html.match(/data-change="improved"/g)).toHaveLength(3); // overall in the summary and its chart, Body's chart
    expect(html).toContain('data-change="declined"');
    expect(html).toContain('data-change="no-reliable-change"');
    expect(words).toContain('Provisional figures');
    // The note's sentences end before the link to the explanation, which closes it.
    expect(words).toContain('measurement noise. For now the figures behind this are provisional. What this means');
    expect(words).toContain('Jacobson–Truax');
    // Every chart has a text alternative naming each assessment, told apart by its time.
    const labels = [...html.matchAll(/role="img" aria-label="([^"]+)"/g)].map((m) => m[1]);
    expect(labels).toHaveLength(11);
    expect(labels[0]).toMatch(/^Overall wellbeing, .*2\.10 on March 5, 2026, \d{1,2}:15 [AP]M; 2\.60 on March 5, 2026, \d{1,2}:40 [AP]M\. Latest change: improved\.$/);
    // Two body rows, each with date and time.
    expect(html.match(/<time dateTime="2026-03-05T\d\d:\d\d:00Z">March 5, 2026, \d{1,2}:\d\d [AP]M<\/time>/g)).toHaveLength(2);
  });

  it('shows a change without an RCI (a score on only some of its questions) with no badge, as "not judged"', () => {
    const unjudged: ProgressChange = { ...row('overall', 'no reliable change'), from: 1, to: 3, difference: 2, rci: null };
    const html = render({
      assessments: [assessment('a', '2026-03-05T09:15:00Z', 1), assessment('b', '2026-03-06T09:15:00Z', 3)],
      changes: [unjudged, row('experiences', 'improved')],
      reliability: { Rapid: reliability('baseline'), Professional: reliability('baseline') },
    });
    const summary = html.slice(html.indexOf('progress-latest-title'), html.indexOf('progress-charts-title'));
    const overall = text(summary.split('<li ').find((item) => item.includes('Overall wellbeing'))!);
    expect(overall).toContain('not judged');
    expect(overall).not.toMatch(/improved|no reliable change/);
    expect(html.match(/data-change="no-reliable-change"/g)).toBeNull();
    expect(text(html)).toContain('A change is “not judged” when a score rests on only some of its questions');
    // The charts say it too, as the member dashboard's do: "not judged", and "not compared" where there is no change row.
    const cards = html.split('<li ').filter((card) => card.includes('role="img"'));
    const card = (title: string) => cards.find((c) => c.includes(`>${title}</h3>`))!;
    expect(text(card('Overall wellbeing'))).toContain('Overall wellbeing not judged Latest 3.00');
    expect(card('Overall wellbeing')).toMatch(/aria-label="[^"]*Latest change: not judged\."/);
    expect(text(card('Body'))).toContain('Body not compared');
  });

  it('a chart\'s "Latest" is the newest assessment\'s score, a dash when it has none, and no older point is marked', () => {
    const newest = assessment('c', '2026-03-07T09:15:00Z', 2.6);
    const progress: ProgressData = {
      assessments: [assessment('a', '2026-03-05T09:15:00Z', 2.1), { ...newest, scores: { ...newest.scores, petals: { ...newest.scores.petals, Body: null } } }],
      changes: [],
      reliability: { Rapid: reliability('baseline'), Professional: reliability('baseline') },
    };
    const html = render(progress);
    const cards = html.split('<li ').filter((card) => card.includes('role="img"'));
    const card = (title: string) => cards.find((c) => c.includes(`>${title}</h3>`))!;
    expect(text(card('Overall wellbeing'))).toContain('Latest 2.60');
    // Body has no score in the newest assessment: not 2.10 from the one before.
    expect(text(card('Body'))).toContain('Latest –');
    expect(text(card('Body'))).not.toContain('Latest 2.10');
    // The marked (filled, larger) point is the newest assessment's only: Body has none to mark.
    expect(card('Body').match(/r="5.5"/g)).toBeNull();
    expect(card('Overall wellbeing').match(/r="5.5"/g)).toHaveLength(1);
  });
});
