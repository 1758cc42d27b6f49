/**
 * The single petal's placeholder (features/journey/components/PetalPlaceholder) holds the size the
 * petal will be drawn at: its stylesheet repeats chartSizing's steps as container queries, each with
 * the height singlePetalLayout gives that width. Checked here, beside the build, because reading a
 * stylesheet's text needs the file system, which the web's own tests may not use.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOTUS_WIDTH, LOTUS_WIDTHS } from '../src/components/charts/chartSizing';
import { singlePetalLayout } from '../src/components/charts/lotusLayout';

const css = readFileSync(new URL('../src/features/journey/components/PetalPlaceholder.module.css', import.meta.url), 'utf8');
const heightOf = (width: number) => singlePetalLayout(width).height;

describe('single petal placeholder', () => {
  it('is the default petal size, and each container-query step of LOTUS_WIDTHS at its drawn height', () => {
    expect(css).toMatch(new RegExp(`\\.petal \\{[^}]*width: ${DEFAULT_LOTUS_WIDTH}px;[^}]*aspect-ratio: ${DEFAULT_LOTUS_WIDTH} / ${heightOf(DEFAULT_LOTUS_WIDTH)};`));
    const steps = [...css.matchAll(/@container \(width < (\d+)px\) \{\s*\.petal \{\s*width: (\d+)px;\s*aspect-ratio: (\d+) \/ (\d+);/g)].map((m) => ({
      below: Number(m[1]),
      width: Number(m[2]),
      ratio: [Number(m[3]), Number(m[4])],
    }));
    expect(steps.sort((a, b) => a.below - b.below)).toEqual(LOTUS_WIDTHS.map((step) => ({ ...step, ratio: [step.width, heightOf(step.width)] })));
  });
});
