/**
 * Property tests (fast-check) of the suppression rule (DESIGN §14; decision 0029). The oracle
 * here does not use the rule's own reasoning: it builds the people of a random organization
 * one by one, with an assessment now and (if they had one) then, forms every combination of
 * the published figures with small integer coefficients, and counts the people whose
 * assessments end up with a non-zero coefficient.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideInsight,
  MIN_PEOPLE_PER_FIGURE as K,
  smallestDisclosure,
  visibilityOf,
  type InsightGroupCounts,
  type InsightUnitCounts,
  type UnitVisibility,
} from './suppression';

/** People of one group: same assessment in both periods, a newer one than then, or none then. */
interface GroupPeople {
  stable: number;
  renewed: number;
  fresh: number;
}

const groupPeople = (max: number) =>
  fc.record({
    stable: fc.integer({ min: 0, max }),
    renewed: fc.integer({ min: 0, max: 6 }),
    fresh: fc.integer({ min: 0, max: 6 }),
  });

/** A random organization: up to `maxGroups` groups (distinct ids), sometimes people in no group. */
const organization = (maxGroups: number, max = 9) =>
  fc.record({
    groups: fc.array(groupPeople(max), { minLength: 0, maxLength: maxGroups }),
    ungrouped: fc.option(groupPeople(4), { nil: undefined, freq: 3 }),
  });

type Organization = { groups: GroupPeople[]; ungrouped: GroupPeople | undefined };

const countsOf = (p: GroupPeople) => ({ now: p.stable + p.renewed + p.fresh, previous: p.stable + p.renewed, changed: p.renewed + p.fresh });
const unitOf = (org: Organization): InsightUnitCounts => ({
  groups: org.groups.map((p, i): InsightGroupCounts => ({ id: `g${i}`, ...countsOf(p) })),
  ...(org.ungrouped ? { ungrouped: countsOf(org.ungrouped) } : {}),
});

/** Each person as the variables (assessments) each period's figures add up. */
interface Person {
  group: string | null;
  now: string;
  previous: string | null;
}

function peopleOf(org: Organization): Person[] {
  const people: Person[] = [];
  const add = (group: string | null, p: GroupPeople) => {
    const make = (kind: string, count: number, previous: (id: string) => string | null) => {
      for (let i = 0; i < count; i++) {
        const id = `${group ?? 'none'}-${kind}-${i}`;
        people.push({ group, now: `${id}:now`, previous: previous(id) });
      }
    };
    make('stable', p.stable, (id) => `${id}:now`); // the same assessment counts in both periods
    make('renewed', p.renewed, (id) => `${id}:then`);
    make('fresh', p.fresh, () => null);
  };
  org.groups.forEach((p, i) => add(`g${i}`, p));
  if (org.ungrouped) add(null, org.ungrouped);
  return people;
}

/** A published figure: whose assessments of which period it adds up. */
interface Figure {
  group: string | null; // null: the organization
  period: 'now' | 'previous';
}

function publishedFigures(visibility: UnitVisibility): Figure[] {
  const figures: Figure[] = [];
  if (visibility.unit.now) figures.push({ group: null, period: 'now' });
  if (visibility.unit.previous) figures.push({ group: null, period: 'previous' });
  for (const [group, shown] of visibility.groups) {
    if (shown.now) figures.push({ group, period: 'now' });
    if (shown.previous) figures.push({ group, period: 'previous' });
  }
  return figures;
}

/**
 * The smallest number of people (1 to K − 1) some combination Σ c_i · figure_i concerns, with
 * every c_i in `coefficients`; null when none does. Exhaustive over the coefficient grid.
 */
function oracle(people: Person[], visibility: UnitVisibility, coefficients: readonly number[]): number | null {
  const figures = publishedFigures(visibility);
  const terms = figures.map((figure) =>
    people
      .filter((p) => figure.group === null || p.group === figure.group)
      .map((p) => (figure.period === 'now' ? p.now : p.previous))
      .filter((v): v is string => v !== null),
  );
  let smallest: number | null = null;
  const chosen = new Array<number>(figures.length).fill(0);
  const visit = (i: number) => {
    if (i === figures.length) {
      const weight = new Map<string, number>();
      chosen.forEach((c, f) => {
        if (c !== 0) for (const v of terms[f]!) weight.set(v, (weight.get(v) ?? 0) + c);
      });
      const concerned = people.filter((p) => (weight.get(p.now) ?? 0) !== 0 || (p.previous !== null && (weight.get(p.previous) ?? 0) !== 0)).length;
      if (concerned > 0 && concerned < K && (smallest === null || concerned < smallest)) smallest = concerned;
      return;
    }
    for (const c of coefficients) {
      chosen[i] = c;
      visit(i + 1);
    }
  };
  visit(0);
  return smallest;
}

/** A random choice of what to publish, to test the checker itself. */
const randomVisibility = (groups: number) =>
  fc.record({
    unit: fc.record({ now: fc.boolean(), previous: fc.boolean() }),
    groups: fc.array(fc.record({ now: fc.boolean(), previous: fc.boolean() }), { minLength: groups, maxLength: groups }),
  });

const asVisibility = (v: { unit: { now: boolean; previous: boolean }; groups: { now: boolean; previous: boolean }[] }): UnitVisibility => ({
  unit: v.unit,
  groups: new Map(v.groups.map((g, i) => [`g${i}`, g])),
});

describe('the suppression rule, for random organizations', () => {
  it('every figure shown counts at least 5 people, in each period it is shown for', () => {
    fc.assert(
      fc.property(organization(6, 12), (org) => {
        const unit = unitOf(org);
        const decision = decideInsight(unit);
        const total = (period: 'now' | 'previous') => unit.groups.reduce((s, g) => s + g[period], unit.ungrouped?.[period] ?? 0);
        if (decision.unit.shown) {
          expect(total('now')).toBeGreaterThanOrEqual(K);
          if (decision.unit.comparison.shown) expect(total('previous')).toBeGreaterThanOrEqual(K);
        }
        for (const group of unit.groups) {
          const figure = decision.groups.get(group.id)!;
          if (figure.shown) {
            expect(group.now).toBeGreaterThanOrEqual(K);
            if (figure.comparison.shown) expect(group.previous).toBeGreaterThanOrEqual(K);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('no combination of the figures shown (organization, groups, both periods; coefficients −1, 0, 1) concerns 1 to 4 people', () => {
    fc.assert(
      fc.property(organization(3), (org) => {
        const decision = decideInsight(unitOf(org));
        expect(oracle(peopleOf(org), visibilityOf(decision), [-1, 0, 1])).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('nor with coefficients from −2 to 2, for organizations of up to two groups', () => {
    fc.assert(
      fc.property(organization(2), (org) => {
        const decision = decideInsight(unitOf(org));
        expect(oracle(peopleOf(org), visibilityOf(decision), [-2, -1, 0, 1, 2])).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('the rule\'s exact check agrees with the oracle on any choice of published figures (up to two groups)', () => {
    fc.assert(
      fc.property(
        organization(2).chain((org) => fc.tuple(fc.constant(org), randomVisibility(org.groups.length))),
        ([org, v]) => {
          const visibility = asVisibility(v);
          expect(smallestDisclosure(unitOf(org), visibility)).toBe(oracle(peopleOf(org), visibility, [-2, -1, 0, 1, 2]));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('the exact check finds every disclosure the −1/0/1 oracle finds, with up to four groups', () => {
    fc.assert(
      fc.property(
        organization(4, 6).chain((org) => fc.tuple(fc.constant(org), randomVisibility(org.groups.length))),
        ([org, v]) => {
          const visibility = asVisibility(v);
          const found = oracle(peopleOf(org), visibility, [-1, 0, 1]);
          const exact = smallestDisclosure(unitOf(org), visibility);
          if (found !== null) expect(exact).not.toBeNull();
          if (found !== null) expect(exact!).toBeLessThanOrEqual(found);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the organization is shown whenever it counts 5 or more: suppression never falls on it', () => {
    fc.assert(
      fc.property(organization(6, 12), (org) => {
        const unit = unitOf(org);
        const total = unit.groups.reduce((s, g) => s + g.now, unit.ungrouped?.now ?? 0);
        expect(decideInsight(unit).unit.shown).toBe(total >= K);
      }),
      { numRuns: 300 },
    );
  });

  it('hides no more than it must now: a group of 5 or more is hidden only when showing it would disclose 1 to 4 people', () => {
    fc.assert(
      fc.property(organization(6, 12), (org) => {
        const unit = unitOf(org);
        const decision = decideInsight(unit);
        const nowOnly = (shownIds: Set<string>): UnitVisibility => ({
          unit: { now: decision.unit.shown, previous: false },
          groups: new Map(unit.groups.map((g) => [g.id, { now: shownIds.has(g.id), previous: false }])),
        });
        const shownIds = new Set(unit.groups.filter((g) => decision.groups.get(g.id)!.shown).map((g) => g.id));
        for (const group of unit.groups) {
          const figure = decision.groups.get(group.id)!;
          if (figure.shown) continue;
          if (figure.reason === 'fewer-than-five') expect(group.now).toBeLessThan(K);
          else expect(smallestDisclosure(unit, nowOnly(new Set([...shownIds, group.id])))).not.toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic and does not depend on the order of the groups', () => {
    fc.assert(
      fc.property(
        organization(6, 12).chain((org) => fc.tuple(fc.constant(org), fc.shuffledSubarray(org.groups.map((_, i) => i), { minLength: org.groups.length, maxLength: org.groups.length }))),
        ([org, order]) => {
          const unit = unitOf(org);
          const reordered: InsightUnitCounts = { ...unit, groups: order.map((i) => unit.groups[i]!) };
          const first = decideInsight(unit);
          expect(decideInsight(unit)).toEqual(first);
          const other = decideInsight(reordered);
          expect(other.unit).toEqual(first.unit);
          for (const [id, figure] of first.groups) expect(other.groups.get(id)).toEqual(figure);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses counts that cannot describe people', () => {
    expect(() => decideInsight({ groups: [{ id: 'a', now: 3, previous: 4, changed: 0 }] })).toThrow(RangeError);
    expect(() => decideInsight({ groups: [{ id: 'a', now: 6, previous: 5, changed: 0 }] })).toThrow(RangeError);
    expect(() => decideInsight({ groups: [{ id: 'a', now: 6, previous: 6, changed: 0 }, { id: 'a', now: 1, previous: 1, changed: 0 }] })).toThrow(RangeError);
  });
});
