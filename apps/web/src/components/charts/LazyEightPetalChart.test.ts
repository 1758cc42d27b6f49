/** The lotus's placeholder holds the size the lotus will be drawn at: its CSS follows chartSizing's steps. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOTUS_WIDTH, LOTUS_WIDTHS } from './chartSizing';

const css = readFileSync(new URL('./LazyEightPetalChart.module.css', import.meta.url), 'utf8');

describe('lotus placeholder', () => {
  it('is the default lotus width, and each container-query step of LOTUS_WIDTHS', () => {
    expect(css).toMatch(new RegExp(`\\.square \\{[^}]*width: ${DEFAULT_LOTUS_WIDTH}px;[^}]*aspect-ratio: 1;`));
    const steps = [...css.matchAll(/@container \(width < (\d+)px\) \{\s*\.square \{\s*width: (\d+)px;/g)].map((m) => ({ below: Number(m[1]), width: Number(m[2]) }));
    expect(steps.sort((a, b) => a.below - b.below)).toEqual(LOTUS_WIDTHS.map((step) => ({ ...step })));
  });
});
