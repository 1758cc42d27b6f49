/**
 * The lotus's placeholder (components/charts/LazyEightPetalChart) holds the size the lotus will be
 * drawn at: its stylesheet repeats chartSizing's steps as container queries. Checked here, beside
 * the build, because reading a stylesheet's text needs the file system, which the web's own tests
 * may not use.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOTUS_WIDTH, LOTUS_WIDTHS } from '../src/components/charts/chartSizing';

const css = readFileSync(new URL('../src/components/charts/LazyEightPetalChart.module.css', import.meta.url), 'utf8');

describe('lotus placeholder', () => {
  it('is the default lotus width, and each container-query step of LOTUS_WIDTHS', () => {
    expect(css).toMatch(new RegExp(`\\.square \\{[^}]*width: ${DEFAULT_LOTUS_WIDTH}px;[^}]*aspect-ratio: 1;`));
    const steps = [...css.matchAll(/@container \(width < (\d+)px\) \{\s*\.square \{\s*width: (\d+)px;/g)].map((m) => ({ below: Number(m[1]), width: Number(m[2]) }));
    expect(steps.sort((a, b) => a.below - b.below)).toEqual(LOTUS_WIDTHS.map((step) => ({ ...step })));
  });
});
