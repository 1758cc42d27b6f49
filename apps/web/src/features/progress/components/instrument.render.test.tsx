/** Server-side renders of /Admin/Instrument's form section: which scales' σ and α reliable change uses. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FormStatistics, ScaleStatistics } from '../api/types';
import { FormSection } from './InstrumentSections';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

const scale = (name: ScaleStatistics['scale'], kind: ScaleStatistics['kind'], reliabilityInUse: ScaleStatistics['reliabilityInUse']): ScaleStatistics => ({
  scale: name,
  kind,
  k: 3,
  n: 40,
  enoughData: true,
  alpha: 0.7,
  mean: 2.1,
  sd: 0.8,
  reliabilityInUse,
  items: [],
});

describe('FormSection', () => {
  it('shows the σ and α reliable change uses for the change measures, and "not used" for the scales without change rows', () => {
    const statistics: FormStatistics = {
      n: 40,
      scales: [
        scale('overall', 'overall', { source: 'baseline', n: 724, reliability: 0.9325, sd: 0.66 }),
        scale('energy', 'module', null),
        scale('Activity', 'petal', null),
      ],
    };
    const html = renderToString(<FormSection form="Rapid" statistics={statistics} />);
    const rows = html
      .split('<tr>')
      .map(text)
      .filter((row) => /^(WellBeing Overall|Energy|Activity) /.test(row));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Bundled: α 0.93, SD 0.66');
    for (const row of rows.slice(1)) {
      expect(row).toContain('Not used: progress compares overall, Experiences, Feelings and the eight petals only');
      expect(row).not.toContain('Bundled');
    }
  });

  it('says its n counts people, each once by their latest completed assessment of the form (decision 0058)', () => {
    const many = text(renderToString(<FormSection form="Rapid" statistics={{ n: 1234, scales: [] }} />));
    expect(many).toContain('1,234 people who agreed to research, each counted once, by their latest completed assessment of this form.');
    expect(many).not.toMatch(/completed assessments of people/);
    const one = text(renderToString(<FormSection form="Professional" statistics={{ n: 1, scales: [] }} />));
    expect(one).toContain('1 person who agreed to research, counted once, by their latest completed assessment of this form.');
  });
});
