/** Content the web needs outside the question pages (welcome, life situations, notices). */
import { RESPONSE_LABELS } from '../model/instrument';
import type { Content, LifeSituationsContent, Testimonial } from './schema';
import { content as bundledContent } from './load';

export interface SiteView {
  readonly productName: string;
  /** Scale options in value order: [{value: 0, label: "Rarely"}, …]. */
  readonly responseScale: readonly { readonly value: number; readonly label: string }[];
  readonly testimonials: readonly Testimonial[];
  readonly notDiagnosticNotice: string;
  readonly findHelpText: string;
  readonly lifeSituations: LifeSituationsContent;
}

/** Public site content for a config/content endpoint. */
export function getSiteView(content: Content = bundledContent): SiteView {
  return {
    productName: content.site.productName,
    responseScale: RESPONSE_LABELS.map((label, value) => ({ value, label })),
    testimonials: content.testimonials.stories,
    notDiagnosticNotice: content.site.notDiagnosticNotice,
    findHelpText: content.site.findHelpText,
    lifeSituations: content.lifeSituations,
  };
}
