/** The suppression rule on worked cases (DESIGN §14; decision 0029). Properties: suppression.property.test.ts. */
import { describe, expect, it } from 'vitest';
import { decideInsight, smallestDisclosure, visibilityOf, type FigureDecision, type InsightGroupCounts, type InsightUnitCounts } from './suppression';

/** A group counted the same in both periods (nobody re-assessed). */
const still = (id: string, n: number): InsightGroupCounts => ({ id, now: n, previous: n, changed: 0 });
const shown = (figure: FigureDecision | undefined) => figure?.shown;
const reason = (figure: FigureDecision | undefined) => (figure && !figure.shown ? figure.reason : null);

describe('k-anonymity', () => {
  it('shows a group of 5 and hides a group of 4 (the two hidden groups together count 5)', () => {
    const decision = decideInsight({ groups: [still('a', 5), still('b', 4), still('c', 1)] });
    expect(decision.groups.get('a')).toEqual({ shown: true, comparison: { shown: true } });
    expect(decision.groups.get('b')).toEqual({ shown: false, reason: 'fewer-than-five' });
    expect(reason(decision.groups.get('c'))).toBe('fewer-than-five');
    expect(decision.unit.shown).toBe(true);
  });

  it('hides an organization of 4 and every group in it', () => {
    const decision = decideInsight({ groups: [still('a', 3), still('b', 1)] });
    expect(decision.unit).toEqual({ shown: false, reason: 'fewer-than-five' });
    expect([...decision.groups.values()].every((g) => !g.shown)).toBe(true);
  });

  it('shows an organization of 5 with all its people in one group, and that group (the difference is nobody)', () => {
    const decision = decideInsight({ groups: [still('no-group', 0), still('team', 5)] });
    expect(decision.unit.shown).toBe(true);
    expect(shown(decision.groups.get('team'))).toBe(true);
    expect(reason(decision.groups.get('no-group'))).toBe('fewer-than-five');
  });

  it('treats the independent clients as a unit without groups: shown from 5 people', () => {
    expect(decideInsight({ groups: [], ungrouped: { now: 5, previous: 5, changed: 0 } }).unit.shown).toBe(true);
    expect(decideInsight({ groups: [], ungrouped: { now: 4, previous: 4, changed: 0 } }).unit.shown).toBe(false);
  });
});

describe('complementary suppression', () => {
  it('an organization of 7 with groups of 5 and 2: the 5-group is hidden too, the organization stays', () => {
    const decision = decideInsight({ groups: [still('five', 5), still('two', 2)] });
    expect(decision.unit.shown).toBe(true);
    expect(reason(decision.groups.get('two'))).toBe('fewer-than-five');
    expect(reason(decision.groups.get('five'))).toBe('complementary');
  });

  it('with two shown groups and one hidden group of 2, hides the smaller shown group (organization − both would reveal the 2)', () => {
    const decision = decideInsight({ groups: [still('a', 6), still('b', 5), still('c', 2)] });
    expect(reason(decision.groups.get('b'))).toBe('complementary');
    expect(shown(decision.groups.get('a'))).toBe(true);
    expect(smallestDisclosure({ groups: [still('a', 6), still('b', 5), still('c', 2)] }, visibilityOf(decision))).toBeNull();
  });

  it('two hidden groups that together count 5 or more need nothing more', () => {
    const decision = decideInsight({ groups: [still('a', 8), still('b', 3), still('c', 2)] });
    expect(shown(decision.groups.get('a'))).toBe(true);
    expect(decision.unit.shown).toBe(true);
  });

  it('breaks ties between equally small groups by id, whatever the order given', () => {
    const groups = [still('y', 5), still('x', 5), still('z', 1)];
    const one = decideInsight({ groups });
    const other = decideInsight({ groups: [...groups].reverse() });
    expect(reason(one.groups.get('x'))).toBe('complementary');
    expect(shown(one.groups.get('y'))).toBe(true);
    expect([...other.groups]).toEqual([...one.groups]);
  });
});

/**
 * A worked example from the literature: Hundepool, Domingo-Ferrer, Franconi, Giessing,
 * Schulte Nordholt, Spicer and de Wolf, *Handbook on Statistical Disclosure Control*
 * (ESSnet SDC; online edition https://sdctools.github.io/HandbookSDC/, source
 * github.com/sdcTools/HandbookSDC, chapters/04/_04-magnitude-tabular-data-01-Introduction.qmd),
 * chapter 4 "Magnitude tabular data", §4.1, Example 1a: production (mill. Euro) of a sector
 * and its three subsectors. Sector 56,600; subsector I suppressed (sensitive); subsector II
 * 47,600 and subsector III 8,002 (non-sensitive). "If the cell values of the two non-sensitive
 * subsectors and the 'total' are displayed, then users of the publication can disclose the
 * cell value for the sensitive subsector by taking the difference between the 'total' and the
 * subsector values for the two non-sensitive sectors (56,600 – 47,600 – 8,002 = 998)." The
 * remedy it gives: suppress one of the two non-sensitive subsectors as well (a secondary
 * suppression), or do not publish the total.
 *
 * A sector is an organization and its subsectors its groups. The handbook gives values, not
 * numbers of respondents; only which cell is sensitive matters to the rule, so the counts
 * below are ours: subsector I below 5, II and III not.
 */
describe('worked example: Handbook on Statistical Disclosure Control, §4.1 Example 1a', () => {
  const production = { sector: 56_600, II: 47_600, III: 8_002 };
  const sector: InsightUnitCounts = { groups: [still('I', 2), still('II', 40), still('III', 9)] };

  it('publishing the total and the two non-sensitive subsectors discloses subsector I by difference: 998', () => {
    const naive = { unit: { now: true, previous: false }, groups: new Map([['II', { now: true, previous: false }], ['III', { now: true, previous: false }]]) };
    expect(production.sector - production.II - production.III).toBe(998);
    // The rule's check finds the same disclosure: a combination of the figures concerning subsector I's 2 people alone.
    expect(smallestDisclosure(sector, naive)).toBe(2);
  });

  it('the rule makes a secondary suppression of one non-sensitive subsector and keeps the total, as the handbook advises', () => {
    const decision = decideInsight(sector);
    expect(decision.unit.shown).toBe(true);
    expect(reason(decision.groups.get('I'))).toBe('fewer-than-five');
    // Our rule picks the subsector with fewer people: III here.
    expect(reason(decision.groups.get('III'))).toBe('complementary');
    expect(shown(decision.groups.get('II'))).toBe(true);
    // What remains computable is I and III together (56,600 − 47,600 = 9,000), not subsector I.
    expect(production.sector - production.II).toBe(9_000);
    expect(smallestDisclosure(sector, visibilityOf(decision))).toBeNull();
  });
});

describe('the previous quarter', () => {
  it('offers it for a figure shown in both periods when 5 or more people changed', () => {
    const decision = decideInsight({ groups: [{ id: 'a', now: 12, previous: 10, changed: 6 }] });
    expect(decision.unit).toEqual({ shown: true, comparison: { shown: true } });
    expect(decision.groups.get('a')).toEqual({ shown: true, comparison: { shown: true } });
  });

  it('offers it when nobody changed (the figures are the same)', () => {
    const decision = decideInsight({ groups: [still('a', 8), still('b', 9)] });
    expect(decision.unit).toEqual({ shown: true, comparison: { shown: true } });
  });

  it('withholds it when only 1 to 4 people changed: the difference would be their change', () => {
    const decision = decideInsight({ groups: [{ id: 'a', now: 10, previous: 10, changed: 1 }] });
    expect(decision.unit).toEqual({ shown: true, comparison: { shown: false, reason: 'change' } });
  });

  it('withholds it when fewer than 5 were counted then', () => {
    const decision = decideInsight({ groups: [{ id: 'a', now: 9, previous: 4, changed: 5 }] });
    expect(decision.unit).toEqual({ shown: true, comparison: { shown: false, reason: 'fewer-than-five' } });
  });

  it('withholds a group comparison whose subtraction across periods would isolate 1 to 4 changed people elsewhere', () => {
    // Group a: 5 changed; hidden group b: 1 changed. (org now − org then) − (a now − a then) is b's one person's change.
    const unit: InsightUnitCounts = { groups: [{ id: 'a', now: 10, previous: 10, changed: 5 }, { id: 'b', now: 6, previous: 6, changed: 1 }, { id: 'c', now: 3, previous: 3, changed: 0 }] };
    const decision = decideInsight(unit);
    expect(decision.groups.get('c')).toEqual({ shown: false, reason: 'fewer-than-five' });
    // c's 3 people alone would be organization − a − b: b (6) is hidden as the complement.
    expect(decision.groups.get('b')).toEqual({ shown: false, reason: 'complementary' });
    // With a's comparison shown, the organization's change minus a's is b's and c's: one person's change.
    expect(smallestDisclosure(unit, { unit: { now: true, previous: true }, groups: new Map([['a', { now: true, previous: true }]]) })).toBe(1);
    expect(decision.groups.get('a')).toEqual({ shown: true, comparison: { shown: false, reason: 'change' } });
    // The organization's own change (6 people) stays: a's change can no longer be taken from it.
    expect(decision.unit).toEqual({ shown: true, comparison: { shown: true } });
    expect(smallestDisclosure(unit, visibilityOf(decision))).toBeNull();
  });
});
