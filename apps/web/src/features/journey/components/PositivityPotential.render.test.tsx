/** Server-side renders of /YourLifeLotus's "Your Wellbeing Positivity Potential" (spec 01 §2, DESIGN §11). */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PositivityPotential as Potential } from '../api/types';
import { PositivityPotential } from './PositivityPotential';

const potential = (energyRange: number | null): Potential => ({
  experienceOpportunities: [],
  feelingsOpportunities: [],
  positivityPractices: [],
  resilienceScore: 62.5,
  energyRange,
});
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the Positivity Potential scores', () => {
  it('shows the energy range rounded to a whole percent', () => {
    expect(text(renderToString(<PositivityPotential potential={potential(74.6)} />))).toContain('75% Energy range');
  });

  it('says Energy has too few answers instead of showing 0% when it has no energy range', () => {
    const shown = text(renderToString(<PositivityPotential potential={potential(null)} />));
    expect(shown).toContain('Not enough Energy questions were answered for an energy range. Energy range');
    expect(shown).not.toMatch(/\b0%/);
    expect(shown).toContain('63% Resilience score');
  });
});
