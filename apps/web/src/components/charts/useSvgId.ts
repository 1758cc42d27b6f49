import { useId } from 'react';

/**
 * A document-unique prefix for ids inside one SVG (clip paths, label arcs, title). React's
 * ids may contain characters that break `url(#…)` references, so only safe ones are kept.
 */
export function useSvgId(name: string): string {
  return `${name}-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
}
