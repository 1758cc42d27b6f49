import { describe, expect, it } from 'vitest';
import type { IndividualDifferences } from '../api/types';
import { areaSentences, comparative, comparisonGroupSentence, overallSentences, usedSimilarLifeSituations } from './differences';

const differences: IndividualDifferences = {
  overallRelativeToAverage: 'slightly higher',
  overallRelativeToOthers: 'about the same',
  overallOthersVsAverage: 'somewhat lower',
  experiencesRelativeToAverage: 'significantly more frequent',
  experiencesRelativeToOthers: 'about the same',
  experiencesOthersVsAverage: 'slightly less frequent',
  feelingsRelativeToAverage: 'Slightly less positive',
  feelingsRelativeToOthers: 'about the same',
  feelingsOthersVsAverage: 'about the same',
  mindsetRelativeToAverage: 'somewhat higher',
  mindsetRelativeToOthers: 'slightly lower',
  mindsetOthersVsAverage: 'about the same',
  resilienceRelativeToAverage: 'about the same',
  resilienceRelativeToOthers: 'significantly higher',
  resilienceOthersVsAverage: 'about the same',
  comparisonGroupSize: 412,
  populationSize: 1000,
  provisional: true,
};

describe('Individual Differences sentences', () => {
  it('words differences and sameness naturally', () => {
    expect(comparative('slightly higher')).toBe('slightly higher than');
    expect(comparative('About the same')).toBe('about the same as');
    expect(comparative('about the same', 'frequent')).toBe('about as frequent as');
  });

  it('compares overall well-being with the average person and with similar others', () => {
    expect(overallSentences(differences)).toEqual([
      "Your overall well-being is slightly higher than the average person's.",
      'Your overall well-being is about the same as that of people in similar life situations.',
      "The overall well-being of people in similar life situations is somewhat lower than the average person's.",
    ]);
  });

  it('builds experiences, feelings, mindset and resilience sentences', () => {
    const areas = areaSentences(differences);
    expect(areas.map((a) => a.id)).toEqual(['experiences', 'feelings', 'mindset', 'resilience']);
    expect(areas[0]!.sentences).toEqual([
      "Your positive experiences are significantly more frequent than the average person's.",
      'Your positive experiences are about as frequent as those of people in similar life situations.',
    ]);
    expect(areas[1]!.sentences[0]).toBe("Your feelings are slightly less positive than the average person's.");
    expect(areas[3]!.sentences[1]).toBe('The breadth of your positive resources is significantly higher than that of people in similar life situations.');
  });

  it('leaves out areas without phrases', () => {
    const partial = { ...differences, mindsetRelativeToAverage: '', mindsetRelativeToOthers: ' ' };
    expect(areaSentences(partial).map((a) => a.id)).toEqual(['experiences', 'feelings', 'resilience']);
  });

  it('states the size of the comparison groups', () => {
    expect(comparisonGroupSentence(differences)).toBe(
      'Your results were compared with 1,000 people overall and 412 people in similar life situations.',
    );
    expect(comparisonGroupSentence({ ...differences, comparisonGroupSize: 1000 })).toBe('Your results were compared with 1,000 people.');
  });

  it('after Skip All names no similar-life-situations group: no such sentences, and the server\'s sentence for the group used', () => {
    const sentence = 'Your results were compared with a provisional reference group of 1,000 simulated answer profiles, not real people. You chose not to share your life situation, so every comparison is with the whole group.';
    const skipped: IndividualDifferences = {
      ...differences,
      comparisonGroupSize: 1000,
      normGroup: { source: 'baseline', provisional: true, populationSize: 1000, comparisonGroupSize: 1000, lifeSituationMatch: 'not_shared', sentence },
    };
    expect(usedSimilarLifeSituations(skipped)).toBe(false);
    expect(overallSentences(skipped)).toEqual(["Your overall well-being is slightly higher than the average person's."]);
    const everything = [...overallSentences(skipped), ...areaSentences(skipped).flatMap((a) => a.sentences), comparisonGroupSentence(skipped)].join(' ');
    expect(everything).not.toMatch(/similar life situations/i);
    expect(comparisonGroupSentence(skipped)).toBe(sentence);
  });

  it('keeps the similar-life-situations sentences when the server matched a group', () => {
    const matched: IndividualDifferences = {
      ...differences,
      provisional: false,
      normGroup: { source: 'live', provisional: false, populationSize: 1000, comparisonGroupSize: 412, lifeSituationMatch: 'matched', sentence: 'Matched.' },
    };
    expect(usedSimilarLifeSituations(matched)).toBe(true);
    expect(overallSentences(matched)).toHaveLength(3);
    expect(comparisonGroupSentence(matched)).toBe('Matched.');
  });

  it('without normGroup (an older server) treats a group as large as everyone as no similar group', () => {
    expect(usedSimilarLifeSituations({ ...differences, comparisonGroupSize: 1000 })).toBe(false);
    expect(usedSimilarLifeSituations(differences)).toBe(true);
  });
});
