/**
 * Server-side rendering of the charts (no DOM needed): the spec's invalid-data texts,
 * the accessible name and description of each SVG, and the hidden values table.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './domainShades';
import {
  EightPetalChart,
  ENERGY_COLOURS,
  EnergyChart,
  FourPetalChart,
  MindsetChart,
  ResilienceChart,
  ShadingLegend,
  SinglePetalChart,
  type PetalChartItem,
} from './index';

const EIGHT = ['Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy'];
const petal = (id: string, value = 2): PetalChartItem => ({
  id,
  wellsprings: [0, 1, 2].map(() => ({
    inner: { value, icon: 'rest.svg' },
    middle: { value: 3.6, icon: 'rest.svg' },
    outer: { value: 0.2, icon: 'rest.svg' },
  })),
});

/** Text content of the HTML with tags removed, for simple "does it say…" checks. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const count = (html: string, needle: string) => html.split(needle).length - 1;

/** Every id an aria-labelledby refers to exists in the markup. */
function expectLabelledByResolves(html: string) {
  const refs = [...html.matchAll(/aria-labelledby="([^"]+)"/g)].flatMap((m) => (m[1] ?? '').split(' '));
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) expect(html).toContain(`id="${ref}"`);
}

describe('EightPetalChart', () => {
  it('shows the spec text unless exactly eight items arrive (spec 01 §5)', () => {
    for (const data of [[], EIGHT.slice(0, 7).map((id) => petal(id)), null]) {
      const html = renderToString(<EightPetalChart data={data} />);
      expect(text(html)).toContain('Invalid data for Eight Petal chart');
      expect(html).not.toContain('<svg');
    }
  });

  it('draws an image with a title, a description and a table of every value', () => {
    const html = renderToString(<EightPetalChart data={EIGHT.map((id) => petal(id))} />);
    expect(html).toContain('role="img"');
    expectLabelledByResolves(html);
    expect(html).toContain('<title');
    expect(html).toContain('<desc');
    expect(html).toContain('<div class="bloom-chart-sr-only"><table>');
    // 8 petals × 3 wellsprings, each with inner, middle and outer.
    expect(count(html, '<th scope="row">')).toBe(24);
    expect(count(html, '>Often (2)</td>')).toBe(24);
    expect(count(html, '>Very Often (3.6)</td>')).toBe(24);
    expect(count(html, '>Rarely (0.2)</td>')).toBe(24);
    for (const name of EIGHT) expect(html).toContain(`>${name}</textPath>`);
    expect(text(html)).toContain('Be Kind');
  });

  it('renders user-supplied names as text, never as markup', () => {
    const data = EIGHT.map((id) => petal(id));
    data[0] = { ...data[0]!, displayName: '<img src=x onerror=alert(1)>' };
    const html = renderToString(<EightPetalChart data={data} />);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x');
  });
});

describe('FourPetalChart', () => {
  it('shows the spec text unless exactly four items arrive', () => {
    const html = renderToString(<FourPetalChart data={EIGHT.map((id) => petal(id))} />);
    expect(text(html)).toContain('Invalid data for Four Petal chart');
  });

  it('draws four petals with twelve table rows', () => {
    const html = renderToString(<FourPetalChart data={EIGHT.slice(4).map((id) => petal(id))} />);
    expectLabelledByResolves(html);
    expect(count(html, '<th scope="row">')).toBe(12);
    expect(count(html, '<th scope="rowgroup"')).toBe(4);
    expect(html).toContain('Four-petal chart: Openness, Wellness, Significance and Efficacy');
  });
});

describe('SinglePetalChart', () => {
  it('draws one petal with its wellspring labels and icons', () => {
    const html = renderToString(<SinglePetalChart petal={petal('Wellness', 1)} />);
    expectLabelledByResolves(html);
    for (const label of ['Vital', 'Satisfied', 'Peace']) expect(html).toContain(`>${label}</text>`);
    // The icons, on the petal and in the labels below it, are drawn inline, not loaded as images
    // (each image would be a document of its own).
    expect(count(html, 'd="M19.5 14.5A8 8 0 1 1 9.5 4.5a6.3 6.3 0 0 0 10 10z"')).toBe(6);
    expect(html).not.toContain('<image');
    expect(count(html, '>Sometimes (1)</td>')).toBe(3);
    expect(count(html, '<th scope="col">')).toBe(5);
  });
  it('gives the table for screen readers one value column when every wellspring is one value in all rings (a petal drawn from averages)', () => {
    const even: PetalChartItem = { id: 'Body', wellsprings: [1, 2.33, 4].map((value) => ({ inner: { value }, middle: { value }, outer: { value } })) };
    const html = renderToString(<SinglePetalChart petal={even} />);
    expect(count(html, '<th scope="col">')).toBe(3);
    expect(html).toContain('>Inner, middle and outer</th>');
    expect(count(html, '>Sometimes (1)</td>')).toBe(1);
    expect(count(html, '<td')).toBe(3);
  });

  it('says so when the petal is malformed', () => {
    const html = renderToString(<SinglePetalChart petal={{ id: 'Body', wellsprings: [] }} />);
    expect(text(html)).toContain('Invalid data for Single Petal chart');
  });
});

describe('ShadingLegend', () => {
  it('lists the five response labels in order', () => {
    const html = text(renderToString(<ShadingLegend colour="Body" />));
    expect(html).toMatch(/Rarely.*Sometimes.*Often.*Usually.*Very Often/);
    expect(html).toContain('Darker shades mean more often');
  });
});

describe('report charts', () => {
  const energy = [
    { category: 'Activity Range', values: [3, 2, 1], subCategories: ['Calm', 'Aware', 'Active'] },
    { category: 'Excitement Range', values: [1, 2, 3], subCategories: ['Calm', 'Aware', 'Active'] },
  ];

  it.each([
    ['EnergyChart', (data: never) => <EnergyChart items={data} />],
    ['MindsetChart', (data: never) => <MindsetChart data={data} />],
    ['ResilienceChart', (data: never) => <ResilienceChart data={data} />],
  ])('%s shows "No valid data available" for empty or malformed data', (_, render) => {
    for (const data of [[], [{ values: [1, 2, 3] }], [{ category: 'x' }], null]) {
      expect(text(renderToString(render(data as never)))).toContain('No valid data available');
    }
  });

  it('EnergyChart derives Overall Energy and lists percents for screen readers', () => {
    const html = renderToString(<EnergyChart items={energy} />);
    expectLabelledByResolves(html);
    expect(html).toContain('Overall Energy');
    expect(html).toContain('>75% (3.00 of 4)</td>');
    expect(count(html, '<th scope="rowgroup"')).toBe(3);
  });

  it('MindsetChart shows scores with two decimals and ResilienceChart whole percents', () => {
    const mindset = renderToString(<MindsetChart data={[{ category: 'Mindset', values: [2.5, 3], subCategories: ['Self', 'Others'] }]} />);
    expectLabelledByResolves(mindset);
    expect(mindset).toContain('>2.50</td>');
    const resilience = renderToString(<ResilienceChart data={[{ category: 'Resilience', values: [62.4], subCategories: ['Overall'] }]} />);
    expect(resilience).toContain('>62%</td>');
  });
});

describe('energy colours', () => {
  it('carry white labels and stand out from a white page (≥ 4.5:1)', () => {
    for (const colour of ENERGY_COLOURS) expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
