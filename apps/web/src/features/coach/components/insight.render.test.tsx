/** Server-side renders of the coach dashboard's group figures: a shown figure (lotus, n, scores, change) and a hidden one (the reason, no figures). */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ShownInsight } from '../logic/insight';
import { loadEightPetalChart } from '../../../components/charts/LazyEightPetalChart';
import { InsightFigures, InsightPrivate } from './InsightFigures';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const PETALS = ['Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy'] as const;
const chartData = PETALS.map((id) => ({
  id,
  displayName: id,
  wellsprings: [0, 1, 2].map(() => ({ inner: { value: 2.2, icon: 'rest.svg' }, middle: { value: 2.4, icon: 'rest.svg' }, outer: { value: 2.6, icon: 'rest.svg' } })),
})) as unknown as ShownInsight['chartData'];
const petals = (v: number) => Object.fromEntries(PETALS.map((p) => [p, v])) as ShownInsight['scores']['petals'];
const scores = (v: number) => ({ overall: v, experiences: v, feelings: v, mindset: v, resilience: 50 + v, energy: v, petals: petals(v) });

describe('group figures', () => {
  it('a shown figure: the lotus named with n, the mean scores and the change since the previous quarter', async () => {
    const insight: ShownInsight = {
      shown: true,
      n: 7,
      chartData,
      scores: scores(2.5),
      previousQuarter: { quarter: '2026-Q3', asOf: '2026-10-01T00:00:00.000Z', shown: true, n: 6, chartData, scores: scores(2.25), change: scores(0.25), kind: 'change' },
    };
    // Before the lotus's code has loaded, its place holds a frame of its size, with everything else already there.
    const beforeLotus = renderToString(<InsightFigures insight={insight} name="Acme: Team A" />);
    expect(beforeLotus).not.toContain('bloom-lotus__svg');
    expect(beforeLotus).toMatch(/class="[^"]*lotusSkeleton/);
    expect(text(beforeLotus)).toContain('n = 7');
    // The first render asked for the lotus's module; once it has arrived, the lotus is drawn.
    await loadEightPetalChart();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const html = renderToString(<InsightFigures insight={insight} name="Acme: Team A" />);
    expect(html).toContain('Life Lotus of Acme: Team A: the mean of 7 people');
    expect(html).not.toMatch(/class="[^"]*lotusSkeleton/);
    const words = text(html);
    expect(words).toContain('n = 7');
    expect(words).toContain('Change since July to September 2026');
    expect(words).toContain('Overall well-being 2.50 +0.25');
    expect(words).not.toMatch(/reliable/i);
  });

  it('a withheld comparison says why the comparison is missing, never that the figures shown are hidden', () => {
    const withheld = (reason: 'fewer-than-five' | 'complementary' | 'change') =>
      text(
        renderToString(
          <InsightFigures
            insight={{ shown: true, n: 10, chartData, scores: scores(2.5), previousQuarter: { quarter: '2026-Q3', asOf: '2026-10-01T00:00:00.000Z', shown: false, reason, n: null } }}
            name="Acme"
          />,
        ),
      );
    // n = 10 with a full lotus: "no figures are shown" would contradict the page.
    for (const reason of ['fewer-than-five', 'complementary', 'change'] as const) {
      const words = withheld(reason);
      expect(words).toContain('No comparison with July to September 2026:');
      expect(words).not.toContain('no figures are shown');
    }
    expect(withheld('fewer-than-five')).toContain('Fewer than 5 of these people had shared an assessment by the end of that quarter');
    // Six people in the organization may have re-assessed: the change is withheld because it could be traced, not because fewer took one.
    expect(withheld('change')).not.toContain('Fewer than 5 people took a new assessment');
    expect(withheld('change')).toContain('could be traced to fewer than 5 people');
  });

  it('a hidden figure: a calm message with the reason and no figures', () => {
    const html = renderToString(<InsightPrivate reason="complementary" />);
    expect(text(html)).toContain('Figures kept private');
    expect(text(html)).toContain('work out the results of fewer than 5 people');
    expect(html).not.toContain('<svg');
    expect(html).not.toMatch(/n = /);
  });
});
