/**
 * Which group figures a coach may be shown (DESIGN §14; issue 27; decision 0029).
 *
 * A "unit" is an organization, whose people are split among its groups, or the coach's
 * independent clients (a unit without groups). Each figure is a mean over people, published
 * with its n, so a figure is a sum in disguise: n × mean. Sums can be added and subtracted, so
 * the question is not only "does this figure cover at least five people?" but "can any
 * combination of the figures shown cover between one and four people?". The figures of one
 * unit are, for the current period (each person's latest qualifying shared assessment) and for
 * the previous quarter (each person's latest one started before that quarter ended):
 *
 *   the unit's figure, and each group's figure, in each period.
 *
 * Units share no people and no figure spans two units (no coach-wide total is published), so a
 * combination touching two units is the sum of one combination per unit: it is enough that each
 * unit is safe on its own.
 *
 * **The rule** (`decideInsight`), with k = 5:
 * 1. k-anonymity: the unit is shown when it counts at least k people now; a group likewise.
 * 2. Complementary suppression: when the unit is shown and the people in hidden groups (plus
 *    any not in a group) number 1 to k − 1, the unit minus its shown groups would reveal them:
 *    the shown group with the fewest people is hidden too (ties: the smaller id). That group
 *    has at least k people, so the hidden remainder then has at least k. The unit's own figure
 *    is never the one given up (the margins are what a report is for; the statistical
 *    disclosure control handbook's advice for totals, see decision 0029).
 * 3. The previous quarter is offered only for figures shown now, and by the same two steps
 *    over the previous quarter's counts.
 * 4. Across the two periods, a figure minus its previous quarter is the change of the people
 *    whose counted assessment changed, so it must not concern 1 to k − 1 people either, nor may
 *    any mix of the two periods' figures. `smallestDisclosure` finds the smallest number of
 *    people any linear combination of the shown figures concerns (exactly, see below); while it
 *    is 1 to k − 1, the comparisons are withdrawn in this order: those of groups where 1 to
 *    k − 1 people changed; then those of every group; then the unit's. With no comparison left
 *    the current figures are safe by steps 1 and 2.
 *
 * A hidden figure carries its reason and no number at all: not even its n.
 */
export const MIN_PEOPLE_PER_FIGURE = 5;

/** How many people a figure counts in each period. */
export interface PeriodCounts {
  /** Counted now: their latest assessment that meets the coverage rule and is shared with the coach. */
  readonly now: number;
  /** Counted as of the previous quarter's end: their latest such assessment started before it. */
  readonly previous: number;
  /** Counted now with another assessment than then (a newer one, or none then). */
  readonly changed: number;
}

export interface InsightGroupCounts extends PeriodCounts {
  readonly id: string;
}

/** An organization and its groups, or the independent clients (no groups: all `ungrouped`). */
export interface InsightUnitCounts {
  readonly groups: readonly InsightGroupCounts[];
  /** People of the unit in none of its groups; never a figure of their own. 0 for an organization. */
  readonly ungrouped?: PeriodCounts;
}

/** Why a figure is not shown. */
export type HiddenReason =
  /** It would count fewer than 5 people. */
  | 'fewer-than-five'
  /** Another figure minus this one (and the other figures shown) would count 1 to 4 people. */
  | 'complementary';

/** Why the previous quarter is not offered for a figure that is shown. */
export type ComparisonWithheld = HiddenReason | /** The change would concern 1 to 4 people, alone or with the other figures. */ 'change';

export type ComparisonDecision = { readonly shown: true } | { readonly shown: false; readonly reason: ComparisonWithheld };

export type FigureDecision =
  | { readonly shown: true; readonly comparison: ComparisonDecision }
  | { readonly shown: false; readonly reason: HiddenReason };

export interface UnitDecision {
  readonly unit: FigureDecision;
  /** By group id. */
  readonly groups: ReadonlyMap<string, FigureDecision>;
}

/** Which figures of one unit are published, per period. */
export interface FigureVisibility {
  readonly now: boolean;
  readonly previous: boolean;
}

export interface UnitVisibility {
  readonly unit: FigureVisibility;
  /** By group id; a group missing here is hidden in both periods. */
  readonly groups: ReadonlyMap<string, FigureVisibility>;
}

const NOBODY: PeriodCounts = { now: 0, previous: 0, changed: 0 };
const HIDDEN: FigureVisibility = { now: false, previous: false };

/** Counts must describe people: previous ≤ now, and now − previous ≤ changed ≤ now (someone counted then is counted now). */
function checkCounts(unit: InsightUnitCounts): void {
  const ids = new Set<string>();
  for (const counts of [...unit.groups, unit.ungrouped ?? NOBODY]) {
    const { now, previous, changed } = counts;
    if (![now, previous, changed].every((n) => Number.isInteger(n) && n >= 0)) throw new RangeError('Counts are whole numbers of people.');
    if (previous > now || changed > now || changed < now - previous) throw new RangeError(`Impossible counts: now ${now}, previous ${previous}, changed ${changed}.`);
  }
  for (const group of unit.groups) {
    if (ids.has(group.id)) throw new RangeError(`Group ${group.id} is listed twice.`);
    ids.add(group.id);
  }
}

const total = (unit: InsightUnitCounts, period: 'now' | 'previous'): number =>
  unit.groups.reduce((sum, group) => sum + group[period], (unit.ungrouped ?? NOBODY)[period]);

const byId = (a: InsightGroupCounts, b: InsightGroupCounts) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Step 2 for one period: while the unit's people outside the shown groups number 1 to k − 1,
 * hide the shown group with the fewest people in that period (ties: the smaller id).
 */
function closeComplement(
  groups: readonly InsightGroupCounts[],
  ungrouped: PeriodCounts,
  period: 'now' | 'previous',
  isShown: (group: InsightGroupCounts) => boolean,
  hide: (group: InsightGroupCounts) => void,
  k: number,
): void {
  for (;;) {
    const remainder = groups.filter((g) => !isShown(g)).reduce((sum, g) => sum + g[period], ungrouped[period]);
    if (remainder === 0 || remainder >= k) return;
    const candidates = groups.filter(isShown).sort((a, b) => a[period] - b[period] || byId(a, b));
    if (candidates.length === 0) return; // nothing shown besides the unit: its remainder is the unit itself (≥ k when shown)
    hide(candidates[0]!);
  }
}

/**
 * The rule (see the file's comment): which of a unit's figures are shown now, and for which
 * of those the previous quarter is offered. Deterministic, and independent of the groups' order.
 */
export function decideInsight(unit: InsightUnitCounts, k: number = MIN_PEOPLE_PER_FIGURE): UnitDecision {
  checkCounts(unit);
  const groups = [...unit.groups].sort(byId);
  const ungrouped = unit.ungrouped ?? NOBODY;

  // Steps 1 and 2, now.
  const hiddenNow = new Map<string, HiddenReason>();
  for (const group of groups) if (group.now < k) hiddenNow.set(group.id, 'fewer-than-five');
  const unitShown = total(unit, 'now') >= k;
  if (!unitShown) {
    // Every group has fewer people than the unit, so every group is hidden already.
    return { unit: { shown: false, reason: 'fewer-than-five' }, groups: new Map(groups.map((g) => [g.id, { shown: false, reason: hiddenNow.get(g.id)! }])) };
  }
  closeComplement(groups, ungrouped, 'now', (g) => !hiddenNow.has(g.id), (g) => hiddenNow.set(g.id, 'complementary'), k);

  // Step 3: the previous quarter, for the figures shown now.
  const UNIT = Symbol('unit');
  const withheld = new Map<string | typeof UNIT, ComparisonWithheld>();
  if (total(unit, 'previous') < k) withheld.set(UNIT, 'fewer-than-five');
  for (const group of groups) if (!hiddenNow.has(group.id) && group.previous < k) withheld.set(group.id, 'fewer-than-five');
  const comparedNow = (g: InsightGroupCounts) => !hiddenNow.has(g.id) && !withheld.has(g.id);
  const closePrevious = () => {
    if (!withheld.has(UNIT)) closeComplement(groups, ungrouped, 'previous', comparedNow, (g) => withheld.set(g.id, 'complementary'), k);
  };
  closePrevious();

  // Step 4: no mix of the two periods may concern 1 to k − 1 people.
  const visibility = (): UnitVisibility => ({
    unit: { now: true, previous: !withheld.has(UNIT) },
    groups: new Map(groups.map((g) => [g.id, { now: !hiddenNow.has(g.id), previous: comparedNow(g) }])),
  });
  const unsafe = () => smallestDisclosure(unit, visibility(), k) !== null;
  const withdrawals: Array<() => void> = [
    () => groups.filter((g) => comparedNow(g) && g.changed > 0 && g.changed < k).forEach((g) => withheld.set(g.id, 'change')),
    () => groups.filter(comparedNow).forEach((g) => withheld.set(g.id, 'change')),
    () => withheld.set(UNIT, 'change'),
  ];
  for (const withdraw of withdrawals) {
    if (!unsafe()) break;
    withdraw();
    closePrevious();
  }

  const comparison = (key: string | typeof UNIT): ComparisonDecision => {
    const reason = withheld.get(key);
    return reason ? { shown: false, reason } : { shown: true };
  };
  return {
    unit: { shown: true, comparison: comparison(UNIT) },
    groups: new Map(
      groups.map((g): [string, FigureDecision] => {
        const reason = hiddenNow.get(g.id);
        return [g.id, reason ? { shown: false, reason } : { shown: true, comparison: comparison(g.id) }];
      }),
    ),
  };
}

/** What a decision publishes, per figure and period. */
export function visibilityOf(decision: UnitDecision): UnitVisibility {
  const of = (figure: FigureDecision): FigureVisibility => ({ now: figure.shown, previous: figure.shown && figure.comparison.shown });
  return { unit: of(decision.unit), groups: new Map([...decision.groups].map(([id, figure]) => [id, of(figure)])) };
}

/**
 * The smallest number of people, from 1 to k − 1, that some linear combination of the shown
 * figures concerns; null when there is none (every combination concerns nobody or at least k).
 *
 * Exact, not a search over a few differences. A combination gives each figure a real
 * coefficient. For a person of group g, let α be the total coefficient of the current-period
 * figures that include them (the unit's plus g's own, when shown) and β that of the
 * previous-quarter ones. The combination concerns that person when:
 * - their assessment is the same in both periods: α + β ≠ 0;
 * - they changed, with an assessment then: α ≠ 0 or β ≠ 0;
 * - they changed, with none then: α ≠ 0.
 * So a group contributes all its people now (α ≠ 0, and β = 0 or α + β ≠ 0), all its people then
 * (α = 0, β ≠ 0), exactly its changed people (α = −β ≠ 0), or nobody. A group whose figure is
 * shown in a period has its own coefficient there, so it chooses freely; a hidden one takes the
 * unit's. Given which of the unit's two coefficients are non-zero and whether they cancel, the
 * groups choose independently, so a small dynamic programme over sums below k is exhaustive.
 */
export function smallestDisclosure(unit: InsightUnitCounts, visibility: UnitVisibility, k: number = MIN_PEOPLE_PER_FIGURE): number | null {
  const members: Array<{ counts: PeriodCounts; shown: FigureVisibility }> = [
    ...unit.groups.map((g) => ({ counts: g as PeriodCounts, shown: visibility.groups.get(g.id) ?? HIDDEN })),
    { counts: unit.ungrouped ?? NOBODY, shown: HIDDEN },
  ];
  const patterns: Array<{ now: boolean; previous: boolean; cancel: boolean }> = [];
  for (const now of visibility.unit.now ? [false, true] : [false]) {
    for (const previous of visibility.unit.previous ? [false, true] : [false]) {
      patterns.push({ now, previous, cancel: false });
      if (now && previous) patterns.push({ now, previous, cancel: true });
    }
  }
  let smallest: number | null = null;
  for (const pattern of patterns) {
    // reach[s]: some choice so far concerns exactly s people (s < k), or at least k (s = k).
    let reach = new Array<boolean>(k + 1).fill(false);
    reach[0] = true;
    for (const { counts, shown } of members) {
      const choices = contributions(counts, shown, pattern);
      const next = new Array<boolean>(k + 1).fill(false);
      for (let s = 0; s <= k; s++) if (reach[s]) for (const c of choices) next[Math.min(k, s + c)] = true;
      reach = next;
    }
    for (let s = 1; s < k; s++) if (reach[s] && (smallest === null || s < smallest)) smallest = s;
  }
  return smallest;
}

/** The numbers of people one group can contribute to a combination, given the unit's pattern. */
function contributions(counts: PeriodCounts, shown: FigureVisibility, unit: { now: boolean; previous: boolean; cancel: boolean }): number[] {
  const { now, previous, changed } = counts;
  if (shown.now && shown.previous) return [0, now, previous, changed];
  // α free, β the unit's: β = 0 → nobody or everyone now; β ≠ 0 → α = 0 (then), α = −β (changed), else (now).
  if (shown.now) return unit.previous ? [previous, changed, now] : [0, now];
  // β free, α the unit's.
  if (shown.previous) return unit.now ? [now, changed] : [0, previous];
  // Both the unit's.
  if (unit.now && unit.previous) return [unit.cancel ? changed : now];
  if (unit.now) return [now];
  if (unit.previous) return [previous];
  return [0];
}
