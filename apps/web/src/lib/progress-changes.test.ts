import { describe, expect, it } from 'vitest';
import { changeBadgeKind, changeVerdict, formsUsed, isBadge, latestComparison, usesProvisionalFigures, type ProgressChange, type ProgressView } from './progress-changes';

const change = (over: Partial<ProgressChange> = {}): ProgressChange => ({
  fromId: 'a',
  toId: 'b',
  measure: 'overall',
  from: 2.1,
  to: 2.6,
  difference: 0.5,
  rci: 2.06,
  reliable: true,
  direction: 'improved',
  ...over,
});

const scores = { overall: 2, experiences: 2, feelings: 2, mindset: 2, resilience: 50, energy: 2, petals: { Body: 2, Mind: 2, Connection: 2, Purpose: 2, Openness: 2, Wellness: 2, Significance: 2, Efficacy: 2 } };
const assessment = (id: string, isNinetyItem = false) => ({ id, date: '2026-03-05T10:00:00Z', isNinetyItem, scores });

describe('changeBadgeKind', () => {
  it('says improved or declined only for a reliable change', () => {
    expect(changeBadgeKind(change())).toBe('improved');
    expect(changeBadgeKind(change({ difference: -0.5, rci: -2.06, direction: 'declined' }))).toBe('declined');
  });

  it('says "no reliable change" for a change within the noise, whichever way it goes', () => {
    expect(changeBadgeKind(change({ difference: 0.2, rci: 0.8, reliable: false, direction: 'no reliable change' }))).toBe('no-reliable-change');
    expect(changeBadgeKind(change({ difference: -0.2, rci: -0.8, reliable: false, direction: 'no reliable change' }))).toBe('no-reliable-change');
    expect(changeBadgeKind(change({ difference: 0, rci: 0, reliable: false, direction: 'no reliable change' }))).toBe('no-reliable-change');
  });

  it('never claims more than the row: a direction without `reliable` is no reliable change', () => {
    expect(changeBadgeKind(change({ reliable: false }))).toBe('no-reliable-change');
  });

  it('shows no badge without a comparison: no row, or a score missing on either side', () => {
    expect(changeBadgeKind(undefined)).toBeNull();
    expect(changeBadgeKind(null)).toBeNull();
    expect(changeBadgeKind(change({ to: null, difference: null, rci: null, reliable: false, direction: 'no reliable change' }))).toBeNull();
  });

  it('shows no badge for a change without an RCI: a score on only some of its items, or no usable σ and α', () => {
    // The server gives the difference but no RCI (Jacobson & Truax 1991 need the scale's α and σ, which
    // describe a score on every item only): nothing was tested, so not even "no reliable change" is claimed.
    expect(changeBadgeKind(change({ from: 1, to: 3, difference: 2, rci: null, reliable: false, direction: 'no reliable change' }))).toBeNull();
  });
});

describe('latestComparison', () => {
  it('is null with fewer than two assessments', () => {
    expect(latestComparison({ assessments: [], changes: [] })).toBeNull();
    expect(latestComparison({ assessments: [assessment('a')], changes: [] })).toBeNull();
  });

  it('takes the rows of the last pair only, by measure', () => {
    const rows = [
      change({ fromId: 'a', toId: 'b', measure: 'overall', direction: 'declined' }),
      change({ fromId: 'b', toId: 'c', measure: 'overall', direction: 'improved' }),
      change({ fromId: 'b', toId: 'c', measure: 'Body', direction: 'no reliable change', reliable: false }),
    ];
    const latest = latestComparison({ assessments: [assessment('a'), assessment('b'), assessment('c')], changes: rows });
    expect(latest?.from.id).toBe('b');
    expect(latest?.to.id).toBe('c');
    expect(latest?.changes.get('overall')?.direction).toBe('improved');
    expect(latest?.changes.get('Body')?.direction).toBe('no reliable change');
    expect(latest?.changes.get('Mind')).toBeUndefined();
  });
});

describe('changeVerdict', () => {
  const pair = (rows: ProgressChange[]) => latestComparison({ assessments: [assessment('a'), assessment('b')], changes: rows });

  it('says nothing before there is a pair of assessments', () => {
    expect(changeVerdict(null, 'overall')).toBeNull();
  });

  it('is the badge of a judged change', () => {
    expect(changeVerdict(pair([change()]), 'overall')).toBe('improved');
    expect(changeVerdict(pair([change({ reliable: false, direction: 'no reliable change', rci: 0.4 })]), 'overall')).toBe('no-reliable-change');
  });

  it('is "not judged" for a difference without an RCI, "not compared" without both scores or without a row', () => {
    expect(changeVerdict(pair([change({ rci: null, reliable: false, direction: 'no reliable change' })]), 'overall')).toBe('not-judged');
    expect(changeVerdict(pair([change({ to: null, difference: null, rci: null, reliable: false, direction: 'no reliable change' })]), 'overall')).toBe('not-compared');
    expect(changeVerdict(pair([change()]), 'Body')).toBe('not-compared');
  });

  it('tells the badges from the words', () => {
    expect(isBadge('declined')).toBe(true);
    expect(isBadge('not-judged')).toBe(false);
    expect(isBadge('not-compared')).toBe(false);
  });
});

describe('provisional figures', () => {
  const reliability = (source: 'live' | 'baseline' | 'mixed') => ({ source, liveFrom: 100, measures: {} });
  const progress = (forms: boolean[], rapid: 'live' | 'baseline' | 'mixed', pro: 'live' | 'baseline' | 'mixed') =>
    ({ assessments: forms.map((pro, i) => assessment(String(i), pro)), reliability: { Rapid: reliability(rapid), Professional: reliability(pro) } }) as unknown as Pick<ProgressView, 'assessments' | 'reliability'>;

  it('lists the forms shown', () => {
    expect(formsUsed([{ isNinetyItem: false }, { isNinetyItem: false }])).toEqual(['Rapid']);
    expect(formsUsed([{ isNinetyItem: true }, { isNinetyItem: false }])).toEqual(['Rapid', 'Professional']);
  });

  it('is provisional when a form shown uses bundled figures for any measure', () => {
    expect(usesProvisionalFigures(progress([false, false], 'baseline', 'live'))).toBe(true);
    expect(usesProvisionalFigures(progress([false, false], 'mixed', 'live'))).toBe(true);
    expect(usesProvisionalFigures(progress([false, false], 'live', 'baseline'))).toBe(false);
    expect(usesProvisionalFigures(progress([false, true], 'live', 'baseline'))).toBe(true);
  });

  it('looks only at the latest pair, the one whose verdicts the page shows', () => {
    // An old Professional assessment on bundled figures, then two Rapid ones judged on live figures.
    expect(usesProvisionalFigures(progress([true, false, false], 'live', 'baseline'))).toBe(false);
    expect(usesProvisionalFigures(progress([false, false, true], 'live', 'baseline'))).toBe(true);
    expect(usesProvisionalFigures(progress([false, true, true], 'baseline', 'live'))).toBe(false);
  });

  it('says nothing about figures before there is a change to judge', () => {
    expect(usesProvisionalFigures(progress([false], 'baseline', 'baseline'))).toBe(false);
  });
});
