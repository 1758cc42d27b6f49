import { describe, expect, it } from 'vitest';
import type { ModuleSummary } from '../api/types';
import { pathToAnswer } from './coverage';

const MODULES: ModuleSummary[] = [
  { moduleName: 'Experiences', displayName: 'Positive Experiences', petalNames: ['Body', 'Mind', 'Connection', 'Purpose'] },
  { moduleName: 'Feelings', displayName: 'Positive Feelings', petalNames: ['Openness', 'Wellness', 'Significance', 'Efficacy'] },
];

describe('pathToAnswer', () => {
  it('leads a Rapid assessment to the module page, and a Professional one to its first petal', () => {
    expect(pathToAnswer({ moduleName: 'Feelings' }, false, MODULES)).toBe('/Rapid/Feelings');
    expect(pathToAnswer({ moduleName: 'Feelings' }, true, MODULES)).toBe('/Pro/Feelings/Openness/Questions');
    expect(pathToAnswer({ moduleName: 'Experiences' }, true, MODULES)).toBe('/Pro/Experiences/Body/Questions');
  });
});
