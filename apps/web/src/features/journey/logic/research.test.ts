import { describe, expect, it } from 'vitest';
import { canContinueResearch, DEFAULT_RESEARCH_CHOICE, toggleResearchChoice } from './research';

describe('research consent', () => {
  it('starts with the first option ticked', () => {
    expect(DEFAULT_RESEARCH_CHOICE).toBe('yes');
    expect(canContinueResearch(DEFAULT_RESEARCH_CHOICE)).toBe(true);
  });
  it('ticking one option unticks the other', () => {
    expect(toggleResearchChoice('yes', 'no', true)).toBe('no');
    expect(toggleResearchChoice('no', 'yes', true)).toBe('yes');
  });
  it('unticking the ticked option leaves none, and Continue is disabled', () => {
    expect(toggleResearchChoice('yes', 'yes', false)).toBeNull();
    expect(canContinueResearch(null)).toBe(false);
    expect(toggleResearchChoice('no', 'yes', false)).toBe('no');
  });
});
