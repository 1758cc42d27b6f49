import { describe, expect, it } from 'vitest';
import {
  getModuleByName,
  getModuleQuestions,
  getModuleResults,
  getModulesAndPetals,
  getPetalQuestions,
  getPetalResults,
} from './views';
import { questionIndex, lookupQuestion, questionsForTrack } from '../content/questions';
import { answersForAll } from '../testing/answers';
import { content } from '../content/load';

describe('journey views', () => {
  it('lists modules and petals', () => {
    expect(getModulesAndPetals()).toEqual([
      { moduleName: 'Experiences', petalNames: ['Body', 'Mind', 'Connection', 'Purpose'] },
      { moduleName: 'Feelings', petalNames: ['Openness', 'Wellness', 'Significance', 'Efficacy'] },
      { moduleName: 'Energy', petalNames: ['Activity', 'Excitement'] },
    ]);
  });

  it('returns Rapid module questions numbered 1..12 with saved responses', () => {
    const firstGuid = content.experiences.petals[0].wellsprings[0].rapidItem.questionGuid;
    const page = getModuleQuestions('experiences', 'Rapid', new Map([[firstGuid, 3]]))!;
    expect(page.module.moduleName).toBe('Experiences');
    expect(page.wellsprings).toHaveLength(12);
    const questions = page.wellsprings.flatMap((w) => w.questions);
    expect(questions.map((q) => q.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(questions[0]!.response).toBe(3);
    expect(questions[1]!.response).toBeNull();
    expect(page.wellsprings[9]).toEqual(expect.objectContaining({ wellspringName: 'BeKind', label: 'Be Kind', petalDisplayName: 'Purpose', icon: 'be-kind.svg' }));
  });

  it('returns the 6 Rapid energy items: activity first, feelings lead-in before the 4th', () => {
    const page = getModuleQuestions('Energy', 'Rapid')!;
    expect(page.module.feelingsLeadIn).toMatch(/following feelings/);
    expect(page.wellsprings.map((w) => `${w.petalDisplayName}:${w.wellspringName}:${w.questions[0]!.order}`)).toEqual([
      'Activity:Calm:1', 'Activity:Aware:2', 'Activity:Active:3', 'Excitement:Calm:4', 'Excitement:Aware:5', 'Excitement:Active:6',
    ]);
  });

  it('returns 18 Professional energy items and 36 per wellbeing module', () => {
    expect(getModuleQuestions('Energy', 'Professional')!.wellsprings.flatMap((w) => w.questions)).toHaveLength(18);
    expect(getModuleQuestions('Feelings', 'Professional')!.wellsprings.flatMap((w) => w.questions)).toHaveLength(36);
    expect(getModuleQuestions('Nope', 'Rapid')).toBeNull();
  });

  it('returns a module with its petals, colours and wellsprings', () => {
    const m = getModuleByName('Feelings')!;
    expect(m.petals.map((p) => p.petalName)).toEqual(['Openness', 'Wellness', 'Significance', 'Efficacy']);
    expect(m.petals[0]!.shades).toHaveLength(5);
    expect(m.feelingsLeadIn).toBeNull();
    expect(getModuleByName('Energy')!.petals[1]!.wellsprings.map((w) => w.label)).toEqual(['Calm', 'Aware', 'Active']);
  });

  it('returns a petal page with the three facet questions per wellspring', () => {
    const page = getPetalQuestions('Mind')!;
    expect(page.petal.displayName).toBe('Mind');
    expect(page.wellsprings.map((w) => w.wellspringName)).toEqual(['Create', 'Savor', 'Reflect']);
    expect(page.wellsprings.flatMap((w) => w.questions.map((q) => q.order))).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const energy = getPetalQuestions('excitement')!;
    expect(energy.wellsprings.map((w) => w.wellspringName)).toEqual(['Calm', 'Aware', 'Active']);
    expect(energy.wellsprings.every((w) => w.questions.length === 3)).toBe(true);
  });

  it('returns petal results with texts, averages and chart', () => {
    const answers = answersForAll(true, (q) => (q.petal === 'Body' ? 4 : 1));
    const r = getPetalResults('Body', answers)!;
    expect(r.petal.score).toBe(4);
    expect(r.petal.resultText).toBe(content.experiences.petals[0].resultText[4]);
    expect(r.wellsprings.map((w) => w.average)).toEqual([4, 4, 4]);
    expect(r.chartData!.id).toBe('Body');
    expect(r.energyChartData).toBeNull();
    const activity = getPetalResults('Activity', answers)!;
    expect(activity.chartData).toBeNull();
    expect(activity.energyChartData!.category).toBe('Activity Range');
  });

  it("draws the petal results chart from the wellspring averages: all three rings of a wellspring at its average (spec 01 §2)", () => {
    // Body: Rest answered Rarely, Sometimes, Often (average 1), Nourish Usually, Very Often, Rarely
    // (2.33), Move Very Often twice with its outer item unanswered (the mean of its answers, 4).
    const body: Record<string, Partial<Record<string, number>>> = {
      Rest: { inner: 0, middle: 1, outer: 2 },
      Nourish: { inner: 3, middle: 4, outer: 0 },
      Move: { inner: 4, middle: 4 },
    };
    const answers = answersForAll(true, (q) => (q.petal === 'Body' ? (body[q.wellspring!]?.[q.facet!] ?? null) : 1));
    const r = getPetalResults('Body', answers)!;
    expect(r.wellsprings.map((w) => [w.wellspringName, w.average])).toEqual([['Rest', 1], ['Nourish', 2.33], ['Move', 4]]);
    const rings = (results: typeof r) =>
      results.chartData!.wellsprings.map((w) => [w.inner.wellspringName, w.inner.value, w.middle.value, w.outer.value]);
    expect(rings(r)).toEqual([['Rest', 1, 1, 1], ['Nourish', 2.33, 2.33, 2.33], ['Move', 4, 4, 4]]);
    // A wellspring with no answer has no average and is drawn at the default 2 (DESIGN §3).
    const mind = getPetalResults('Mind', answersForAll(true, (q) => (q.wellspring === 'Create' ? null : 3)))!;
    expect(mind.wellsprings.map((w) => w.average)).toEqual([null, 3, 3]);
    expect(rings(mind)).toEqual([['Create', 2, 2, 2], ['Savor', 3, 3, 3], ['Reflect', 3, 3, 3]]);
    // The lotus and the module's four petals still draw each facet's own answer.
    const bodyInModule = getModuleResults('Experiences', answers)!.chartData[0]!;
    expect(bodyInModule.wellsprings[0]).toMatchObject({ inner: { value: 0 }, middle: { value: 1 }, outer: { value: 2 } });
  });

  it('returns module results by band, with no-data text for an unanswered module', () => {
    const answers = answersForAll(false, (q) => (q.module === 'Experiences' ? 3 : null));
    const r = getModuleResults('Experiences', answers, false)!;
    expect(r.band).toBe(3);
    expect(r.resultsText1).toBe(content.experiences.resultsText1[3]);
    expect(r.chartData).toHaveLength(4);
    const f = getModuleResults('Feelings', answers, false)!;
    expect(f.score).toBeNull();
    expect(f.resultsText1).toBe(content.site.noDataText);
    // An unanswered module draws no chart of default values (DESIGN §11): Energy has no bars.
    expect(getModuleResults('Energy', answers, false)!.energyChartData).toEqual([]);
    const withEnergy = answersForAll(false, (q) => (q.module === 'Energy' ? 1 : null));
    expect(getModuleResults('Energy', withEnergy, false)!.energyChartData).toHaveLength(3);
  });
});

describe('question index', () => {
  it('maps every guid to its place and track', () => {
    expect(questionIndex.size).toBe(120);
    const w = content.experiences.petals[3].wellsprings[0];
    expect(lookupQuestion(w.professionalItems.outer.questionGuid.toUpperCase())).toEqual(
      expect.objectContaining({ module: 'Experiences', petal: 'Purpose', wellspring: 'BeKind', facet: 'outer', track: 'Professional', order: 30 }),
    );
    expect(lookupQuestion(w.rapidItem.questionGuid)).toEqual(expect.objectContaining({ track: 'Rapid', facet: null, order: 10 }));
    expect(questionsForTrack('Rapid')).toHaveLength(30);
    expect(lookupQuestion('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
