/**
 * Choosing texts by score band. A band is the shade index of the score (DESIGN §3);
 * a score without data gets the content's neutral "not enough answers" text instead
 * of a band text that would describe the person wrongly.
 */
import { shadeIndex, type ShadeIndex } from '../charts/shades';
import type { BandTexts, Content } from '../content/schema';
import { content as bundledContent } from '../content/load';
import type { AssessmentScores } from '../scoring/types';

/** The band (0..4) of a 0..4 score, or null without data. */
export const bandOf = (score: number | null): ShadeIndex | null => (score === null ? null : shadeIndex(score));

/** The band of a percentage (0..100 mapped onto 0..4). */
export const percentBandOf = (percent: number | null): ShadeIndex | null => (percent === null ? null : shadeIndex(percent / 25));

/** The band's text, or the no-data text. */
export function bandText(texts: BandTexts, band: ShadeIndex | null, content: Content = bundledContent): string {
  return band === null ? content.site.noDataText : texts[band];
}

/** Overall results are low enough to show where to find help (rarely or sometimes). */
export const showsHelp = (scores: AssessmentScores): boolean => {
  const band = bandOf(scores.wellBeing.overall);
  return band !== null && band <= 1;
};

/**
 * GetSummaryText: the summary for the WellBeing Overall band, followed (after a blank
 * line) by the where-to-find-help text when results are low. May contain <strong>;
 * render it with parseRichText.
 */
export function summaryText(scores: AssessmentScores, content: Content = bundledContent): string {
  const text = bandText(content.site.summaryText, bandOf(scores.wellBeing.overall), content);
  return showsHelp(scores) ? `${text}\n\n${content.site.findHelpText}` : text;
}

/** The plain-language summary for the WellBeing Overall band. */
export function summaryTextSimple(scores: AssessmentScores, content: Content = bundledContent): string {
  return bandText(content.site.summaryTextSimple, bandOf(scores.wellBeing.overall), content);
}

export type MindsetLean = 'self' | 'others' | 'balanced';

/** Balanced when Mindset Overall is in the top band (>= 3.5, i.e. min/max >= 0.875); otherwise the larger side. */
export function mindsetLean(scores: AssessmentScores): MindsetLean | null {
  const { self, others, overall } = scores.mindset;
  if (self === null || others === null || overall === null) return null;
  if (shadeIndex(overall) === 4) return 'balanced';
  return self > others ? 'self' : 'others';
}
