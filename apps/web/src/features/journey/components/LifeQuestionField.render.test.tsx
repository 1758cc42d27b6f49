/** Server-side renders of one Life Situations question: its dropdown (or age box) and its own "Prefer not to say" radio (spec 01 §2). */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LifeQuestion } from '../api/types';
import { chooseValue, choosePreferNotToSay } from '../logic/lifeData';
import { LifeQuestionField } from './LifeQuestionField';

const gender: LifeQuestion = { field: 'gender', label: 'What is your gender?', kind: 'select', options: ['Female', 'Male', 'Nonbinary'] };
const age: LifeQuestion = { field: 'age', label: 'What is your age?', kind: 'number', options: [] };
const none = () => undefined;
const inputs = (html: string) => html.match(/<input[^>]*>/g) ?? [];
const radiosOf = (html: string) => inputs(html).filter((tag) => tag.includes('type="radio"'));

describe('a Life Situations question', () => {
  it('offers "Prefer not to say" as a labelled radio of its own, never a checkbox', () => {
    const html = renderToString(<LifeQuestionField question={gender} answer={undefined} onChange={none} />);
    expect(html).not.toContain('type="checkbox"');
    const radios = radiosOf(html);
    expect(radios).toHaveLength(1);
    // Named per question, so two questions' radios are not one group.
    expect(radios[0]).toMatch(/name="[^"]+-prefer-not-to-say"/);
    expect(radios[0]).not.toContain('checked');
    expect(html).toMatch(/<label[^>]*><input type="radio"[^>]*\/?>(<!-- -->)?<span>Prefer not to say<\/span><\/label>/);
    // The question's label names the group that holds the dropdown and the radio.
    expect(html).toMatch(/role="group" aria-labelledby="([^"]+)"[\s\S]*id="\1"[^>]*>What is your gender\?/);
  });

  it('shows the radio chosen and the dropdown empty, or the value chosen and the radio clear', () => {
    const skipped = renderToString(<LifeQuestionField question={gender} answer={choosePreferNotToSay()} onChange={none} />);
    expect(radiosOf(skipped)[0]).toContain('checked');
    expect(skipped).toMatch(/<option value="" selected="">/);
    const chosen = renderToString(<LifeQuestionField question={gender} answer={chooseValue('Male')} onChange={none} />);
    expect(radiosOf(chosen)[0]).not.toContain('checked');
    expect(chosen).toMatch(/<option value="Male" selected="">/);
  });

  it('gives the age box the same radio, and names the two questions’ radios apart', () => {
    const ageHtml = renderToString(<LifeQuestionField question={age} answer={choosePreferNotToSay()} onChange={none} />);
    expect(inputs(ageHtml).find((tag) => tag.includes('type="number"'))).toContain('value=""');
    expect(radiosOf(ageHtml)[0]).toContain('checked');
    const both = renderToString(
      <>
        <LifeQuestionField question={gender} answer={undefined} onChange={none} />
        <LifeQuestionField question={age} answer={undefined} onChange={none} />
      </>,
    );
    const names = radiosOf(both).map((tag) => /name="([^"]+)"/.exec(tag)?.[1]);
    expect(new Set(names).size).toBe(2);
  });
});
