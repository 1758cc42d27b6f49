/** Turning an effect size d into the report's comparison phrase (DESIGN §4). */

/** How the measure's direction is worded: scores, experiences (frequency), feelings (positivity). */
export type ComparisonWording = 'level' | 'frequency' | 'positivity';

export const ABOUT_THE_SAME = 'about the same';
/** Shown when the person has no score for the measure. */
export const NOT_AVAILABLE = 'not available';

const DIRECTION: Record<ComparisonWording, readonly [higher: string, lower: string]> = {
  level: ['higher', 'lower'],
  frequency: ['more frequent', 'less frequent'],
  positivity: ['more positive', 'less positive'],
};

/** Standardised difference (score − mean) / sd; 0 when sd is 0 (no spread to compare with). */
export function effectSize(score: number, mean: number, sd: number): number {
  return sd > 0 ? (score - mean) / sd : 0;
}

/** |d| < 0.2 "about the same"; < 0.5 "slightly"; < 1.0 "somewhat"; else "significantly"; plus the direction. */
export function comparisonPhrase(d: number, wording: ComparisonWording = 'level'): string {
  const size = Math.abs(d);
  if (!(size >= 0.2)) return ABOUT_THE_SAME;
  const strength = size < 0.5 ? 'slightly' : size < 1 ? 'somewhat' : 'significantly';
  const [higher, lower] = DIRECTION[wording];
  return `${strength} ${d > 0 ? higher : lower}`;
}
