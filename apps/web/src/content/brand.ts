/**
 * Brand settings (DESIGN §1: name, logo and colours live in content, not in components).
 * Replacing the product's look starts here and in styles/tokens.css.
 */
export const BRAND = {
  name: 'Bloom',
  /** The lotus mark, shown beside the name. Decorative next to the name, so its alt text is empty. */
  logoMarkSrc: '/images/bloom-lotus.svg',
  /** Marker that sits under the current progress step. */
  progressMarkerSrc: '/images/bloom-lotus.svg',
  homeLinkLabel: 'Bloom home',
} as const;
