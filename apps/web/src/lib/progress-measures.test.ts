import { contrastRatio } from '@bloom/domain/shades';
import { describe, expect, it } from 'vitest';
import { CHART_MEASURES, chartDescription, formatScore, measureColours, scoreOf } from './progress-measures';

describe('chartDescription', () => {
  it('reads every value with its date, then the latest change', () => {
    expect(chartDescription('overall', [2.1, 2.6], ['March 5, 2026', 'March 9, 2026'], 'improved')).toBe(
      'Overall wellbeing, from 0 (Rarely) to 4 (Very Often), oldest first: 2.10 on March 5, 2026; 2.60 on March 9, 2026. Latest change: improved.',
    );
  });

  it('names the latest change without a badge in the words the cards use', () => {
    expect(chartDescription('feelings', [2, 3], ['March 5, 2026', 'March 9, 2026'], 'not-judged')).toMatch(/3\.00 on March 9, 2026\. Latest change: not judged\.$/);
    expect(chartDescription('Mind', [2, null], ['March 5, 2026', 'March 9, 2026'], 'not-compared')).toMatch(/no score on March 9, 2026\. Latest change: not compared\.$/);
  });

  it('says when a score is missing, and gives no change without one', () => {
    expect(chartDescription('Body', [null, 3], ['March 5, 2026, 9:15 AM', 'March 5, 2026, 4:40 PM'], null)).toBe(
      'Body, from 0 (Rarely) to 4 (Very Often), oldest first: no score on March 5, 2026, 9:15 AM; 3.00 on March 5, 2026, 4:40 PM.',
    );
  });
});

describe('measures', () => {
  it('charts overall, experiences, feelings and the eight petals', () => {
    expect(CHART_MEASURES).toHaveLength(11);
  });

  it('draws every line in a colour that stands out from the white card (≥ 3:1)', () => {
    for (const measure of CHART_MEASURES) expect(contrastRatio(measureColours(measure).line, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('gives each petal its own lotus colour', () => {
    const lines = CHART_MEASURES.map((m) => measureColours(m).line);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('reads a score from the summary or the petals', () => {
    const scores = { overall: 1, experiences: 2, feelings: 3, mindset: 0, resilience: 0, energy: 0, petals: { Body: 4, Mind: null, Connection: 0, Purpose: 0, Openness: 0, Wellness: 0, Significance: 0, Efficacy: 0 } };
    expect(scoreOf({ scores }, 'feelings')).toBe(3);
    expect(scoreOf({ scores }, 'Body')).toBe(4);
    expect(scoreOf({ scores }, 'Mind')).toBeNull();
    expect(formatScore(null)).toBe('–');
    expect(formatScore(2.456)).toBe('2.46');
  });
});
