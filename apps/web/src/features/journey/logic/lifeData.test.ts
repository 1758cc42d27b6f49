import { describe, expect, it } from 'vitest';
import type { LifeQuestion } from '../api/types';
import {
  buildLifeData,
  chooseValue,
  choosePreferNotToSay,
  EMPTY_ANSWER,
  isAgeInvalid,
  isAnswered,
  isLifeFormComplete,
  lifeAnswersFrom,
  parseAge,
  skipAllLifeData,
  type LifeAnswers,
} from './lifeData';

const select = (field: LifeQuestion['field'], options: string[]): LifeQuestion => ({ field, label: field, kind: 'select', options });
const questions: LifeQuestion[] = [
  select('relationshipStatus', ['Single', 'Widowed']),
  select('parentingStatus', ['No children']),
  select('employmentStatus', ['Student', 'Retired']),
  select('gender', ['Female', 'Male', 'Nonbinary']),
  select('income', ['<$25,000']),
  select('stressfulEvents', ['Yes', 'No']),
  { field: 'age', label: 'What is your age?', kind: 'number', options: [] },
];

const complete: LifeAnswers = {
  relationshipStatus: chooseValue('Widowed'),
  parentingStatus: choosePreferNotToSay(),
  employmentStatus: chooseValue('Retired'),
  gender: chooseValue('Nonbinary'),
  income: chooseValue('<$25,000'),
  stressfulEvents: chooseValue('No'),
  age: chooseValue('67'),
};

describe('Life Situations completeness', () => {
  it('needs all seven answers; "Prefer not to say" counts', () => {
    expect(isLifeFormComplete(questions, complete)).toBe(true);
    expect(isLifeFormComplete(questions, { ...complete, gender: undefined })).toBe(false);
    expect(isLifeFormComplete(questions, { ...complete, age: choosePreferNotToSay() })).toBe(true);
    expect(isLifeFormComplete(questions, {})).toBe(false);
  });

  it('rejects values that are not options and an emptied question', () => {
    expect(isLifeFormComplete(questions, { ...complete, income: chooseValue('lots') })).toBe(false);
    expect(isLifeFormComplete(questions, { ...complete, income: EMPTY_ANSWER })).toBe(false);
  });

  it('accepts whole-number ages from 13 to 120 only', () => {
    expect(parseAge('13')).toBe(13);
    expect(parseAge(' 120 ')).toBe(120);
    expect(parseAge('12')).toBeUndefined();
    expect(parseAge('121')).toBeUndefined();
    expect(parseAge('30.5')).toBeUndefined();
    expect(parseAge('-1')).toBeUndefined();
    expect(parseAge('')).toBeUndefined();
    const age = questions[6]!;
    expect(isAgeInvalid(age, chooseValue('7'))).toBe(true);
    expect(isAgeInvalid(age, chooseValue(''))).toBe(false);
    expect(isAgeInvalid(questions[0]!, chooseValue('Single'))).toBe(false);
    expect(isLifeFormComplete(questions, { ...complete, age: chooseValue('7') })).toBe(false);
  });

  it('respects bounds sent by the server', () => {
    const age: LifeQuestion = { field: 'age', label: 'Age', kind: 'number', options: [], min: 16, max: 120 };
    expect(isLifeFormComplete([age], { age: chooseValue('15') })).toBe(false);
    expect(isLifeFormComplete([age], { age: chooseValue('16') })).toBe(true);
  });

  it('keeps a value and "Prefer not to say" mutually exclusive', () => {
    expect(chooseValue('Single')).toEqual({ value: 'Single', preferNotToSay: false });
    expect(choosePreferNotToSay()).toEqual({ value: '', preferNotToSay: true });
    // Choosing a value is what takes the radio back; emptying the value leaves the question unanswered.
    expect(isAnswered(questions[0]!, chooseValue('Single'))).toBe(true);
    expect(chooseValue('')).toEqual(EMPTY_ANSWER);
    expect(isAnswered(questions[0]!, chooseValue(''))).toBe(false);
  });
});

describe('Life Situations payload', () => {
  it('sends chosen values, "Prefer not to say" and the age as a number', () => {
    expect(buildLifeData(questions, complete)).toEqual({
      relationshipStatus: 'Widowed',
      parentingStatus: 'Prefer not to say',
      employmentStatus: 'Retired',
      gender: 'Nonbinary',
      income: '<$25,000',
      stressfulEvents: 'No',
      age: 67,
    });
  });

  it('sends age "Prefer not to say" as -1', () => {
    expect(buildLifeData(questions, { ...complete, age: choosePreferNotToSay() }).age).toBe(-1);
  });

  it('Skip All sends every field as "Prefer not to say" and age -1', () => {
    expect(skipAllLifeData()).toEqual({
      relationshipStatus: 'Prefer not to say',
      parentingStatus: 'Prefer not to say',
      employmentStatus: 'Prefer not to say',
      gender: 'Prefer not to say',
      income: 'Prefer not to say',
      stressfulEvents: 'Prefer not to say',
      age: -1,
    });
  });
});

describe('prefilling from the last answers', () => {
  it('turns saved life data back into the answers that would save it again', () => {
    const saved = buildLifeData(questions, complete);
    const answers = lifeAnswersFrom(questions, saved);
    expect(isLifeFormComplete(questions, answers)).toBe(true);
    expect(buildLifeData(questions, answers)).toEqual(saved);
  });

  it('leaves an answer the form no longer offers, or an age out of bounds, empty', () => {
    const answers = lifeAnswersFrom(questions, { ...buildLifeData(questions, complete), income: 'A band that was retired', age: 7 });
    expect(answers.income).toBeUndefined();
    expect(answers.age).toBeUndefined();
    expect(answers.gender).toEqual(chooseValue('Nonbinary'));
    expect(isLifeFormComplete(questions, answers)).toBe(false);
  });

  it('keeps "Prefer not to say" and an unstated age as deliberate choices', () => {
    const answers = lifeAnswersFrom(questions, skipAllLifeData());
    expect(Object.values(answers).every((a) => a?.preferNotToSay)).toBe(true);
    expect(Object.keys(answers)).toHaveLength(questions.length);
  });
});
