import { describe, expect, it } from 'vitest';
import type { ModuleSummary } from '../api/types';
import {
  findModule,
  findPetalName,
  nextAfterLifeSituations,
  nextAfterModuleIntro,
  nextAfterModuleResults,
  nextAfterPetalQuestions,
  nextAfterPetalResults,
  nextAfterRapidModule,
  nextAfterSkipAll,
  petalTracker,
} from './navigation';

const modules: ModuleSummary[] = [
  { moduleName: 'Experiences', displayName: 'Positive Experiences', petalNames: ['Body', 'Mind', 'Connection', 'Purpose'] },
  { moduleName: 'Feelings', displayName: 'Positive Feelings', petalNames: ['Openness', 'Wellness', 'Significance', 'Efficacy'] },
  { moduleName: 'Energy', displayName: 'Positive Energy', petalNames: ['Activity', 'Excitement'] },
];
const [experiences, feelings, energy] = modules as [ModuleSummary, ModuleSummary, ModuleSummary];

describe('Rapid flow', () => {
  it('goes Experiences → Feelings → Energy', () => {
    expect(nextAfterRapidModule(modules, 'Experiences', false)).toBe('/Rapid/Feelings');
    expect(nextAfterRapidModule(modules, 'Feelings', false)).toBe('/Rapid/Energy');
  });
  it('ends at research consent unless the user opted in', () => {
    expect(nextAfterRapidModule(modules, 'Energy', false)).toBe('/Research');
    expect(nextAfterRapidModule(modules, 'Energy', true)).toBe('/LifeSituations');
  });
  it('matches the module in the URL case-insensitively', () => {
    expect(nextAfterRapidModule(modules, 'experiences', false)).toBe('/Rapid/Feelings');
    expect(findModule(modules, 'ENERGY')?.moduleName).toBe('Energy');
    expect(findModule(modules, 'Nope')).toBeUndefined();
  });
});

describe('Professional flow', () => {
  it('starts each module at its first petal', () => {
    expect(nextAfterModuleIntro(experiences)).toBe('/Pro/Experiences/Body/Questions');
    expect(nextAfterModuleIntro(energy)).toBe('/Pro/Energy/Activity/Questions');
  });
  it('shows a petal’s results after its questions', () => {
    expect(nextAfterPetalQuestions('Feelings', 'Wellness')).toBe('/Pro/Feelings/Wellness/Results');
  });
  it('derives the tracker from the petal position: 0..3, and 0..1 for Energy', () => {
    expect(petalTracker(experiences, 'Body')).toEqual({ index: 0, last: 3 });
    expect(petalTracker(feelings, 'efficacy')).toEqual({ index: 3, last: 3 });
    expect(petalTracker(energy, 'Excitement')).toEqual({ index: 1, last: 1 });
    expect(petalTracker(energy, 'Body')).toBeUndefined();
  });
  it('advances to the next petal, and after the last petal to the module results', () => {
    expect(nextAfterPetalResults(experiences, 'Body')).toBe('/Pro/Experiences/Mind/Questions');
    expect(nextAfterPetalResults(experiences, 'Connection')).toBe('/Pro/Experiences/Purpose/Questions');
    expect(nextAfterPetalResults(experiences, 'Purpose')).toBe('/Pro/Experiences/Results');
    expect(nextAfterPetalResults(energy, 'Activity')).toBe('/Pro/Energy/Excitement/Questions');
    expect(nextAfterPetalResults(energy, 'Excitement')).toBe('/Pro/Energy/Results');
  });
  it('goes from module results to the next module, then research or life situations', () => {
    expect(nextAfterModuleResults(modules, 'Experiences', false)).toBe('/Pro/Feelings');
    expect(nextAfterModuleResults(modules, 'Feelings', false)).toBe('/Pro/Energy');
    expect(nextAfterModuleResults(modules, 'Energy', false)).toBe('/Research');
    expect(nextAfterModuleResults(modules, 'Energy', true)).toBe('/LifeSituations');
  });
  it('maps petal names in the URL to their canonical spelling', () => {
    expect(findPetalName(experiences, 'mind')).toBe('Mind');
    expect(findPetalName(experiences, 'Openness')).toBeUndefined();
  });
});

describe('after Life Situations', () => {
  it('sends the ninety-item track to Individual Differences, the Rapid track to the lotus', () => {
    expect(nextAfterLifeSituations(true)).toBe('/IndividualDifferences');
    expect(nextAfterLifeSituations(false)).toBe('/YourLifeLotus');
    expect(nextAfterSkipAll()).toBe('/YourLifeLotus');
  });
});
