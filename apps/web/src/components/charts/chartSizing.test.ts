import { describe, expect, it } from 'vitest';
import { lotusWidthForContainer, reportChartSize } from './chartSizing';

describe('lotusWidthForContainer (spec 01 §9)', () => {
  it.each([
    [null, 450],
    [1440, 450],
    [768, 450],
    [767, 355],
    [480, 355],
    [479, 260],
    [320, 260],
    [319, 200],
    [150, 200],
  ])('container %s → %i px', (container, width) => {
    expect(lotusWidthForContainer(container)).toBe(width);
  });
});

describe('reportChartSize (spec 02 §9, breakpoint 640 px)', () => {
  it.each([
    ['energy', 640, { width: 500, height: 400 }],
    ['energy', 639, { width: 400, height: 300 }],
    ['mindset', 900, { width: 450, height: 400 }],
    ['mindset', 320, { width: 350, height: 300 }],
    ['resilience', 700, { width: 500, height: 400 }],
    ['resilience', 500, { width: 380, height: 300 }],
  ] as const)('%s in a %i px container', (kind, container, size) => {
    expect(reportChartSize(kind, container)).toEqual(size);
  });

  it('uses the large size before the container is measured', () => {
    expect(reportChartSize('energy', null)).toEqual({ width: 500, height: 400 });
  });
});
