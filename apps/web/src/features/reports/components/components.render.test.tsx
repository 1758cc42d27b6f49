/** Server-side renders of the report pieces whose wording and markup the spec pins down. */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '../../../lib/router';
import { describe, expect, it } from 'vitest';
import type { IndividualDifferences } from '../api/types';
import { DifferencesTable } from './DifferencesTable';
import { RichText } from './RichText';
import { Upsell } from './Upsell';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

const upsell = (pricing: { priceCents: number; promoPriceCents: number | null; currency: string }) =>
  renderToString(
    <MemoryRouter>
      <Upsell assessmentId="a-1" pricing={pricing} isMember />
    </MemoryRouter>,
  );

describe('Upsell', () => {
  it('offers the free profile and the plan at $9.99', () => {
    const html = upsell({ priceCents: 999, promoPriceCents: null, currency: 'usd' });
    expect(html).toContain('Your Personal Profile is Ready!');
    expect(text(html)).toContain('View My Profile');
    expect(text(html)).toContain('Purchase My Plan');
    expect(text(html)).toContain('$10 value');
    expect(text(html)).toContain('$9.99');
    expect(html).not.toMatch(/<s[ >]/);
    expect(html).not.toContain('for a limited time only!');
  });

  it('strikes the regular price through, with a label, during a promotion', () => {
    const html = upsell({ priceCents: 999, promoPriceCents: 499, currency: 'usd' });
    expect(html).toMatch(/<s[^>]*><span class="visually-hidden">Regular price <\/span>\$9\.99<\/s>/);
    expect(text(html)).toContain('Now $4.99');
    expect(text(html)).toContain('for a limited time only!');
  });

  it('shows a different table image on phones', () => {
    const html = upsell({ priceCents: 999, promoPriceCents: null, currency: 'usd' });
    expect(html).toMatch(/<picture><source media="\(max-width: 640px\)" srcSet="\/images\/reports\/upsell-table-mobile\.svg"/);
    expect(html).toContain('src="/images/reports/upsell-table-desktop.svg"');
  });
});

const differences = (overrides: Partial<IndividualDifferences> = {}): IndividualDifferences => ({
  overallRelativeToAverage: 'slightly higher',
  overallRelativeToOthers: 'somewhat higher',
  overallOthersVsAverage: 'about the same',
  experiencesRelativeToAverage: 'slightly more frequent',
  experiencesRelativeToOthers: 'slightly more frequent',
  experiencesOthersVsAverage: 'about the same',
  feelingsRelativeToAverage: 'about the same',
  feelingsRelativeToOthers: 'about the same',
  feelingsOthersVsAverage: 'about the same',
  mindsetRelativeToAverage: 'significantly lower',
  mindsetRelativeToOthers: 'significantly lower',
  mindsetOthersVsAverage: 'about the same',
  resilienceRelativeToAverage: 'about the same',
  resilienceRelativeToOthers: 'about the same',
  resilienceOthersVsAverage: 'about the same',
  comparisonGroupSize: 1000,
  populationSize: 1000,
  provisional: true,
  ...overrides,
});

describe('DifferencesTable', () => {
  it('labels the simulated baseline as provisional and says what it is', () => {
    const html = renderToString(<DifferencesTable differences={differences()} />);
    expect(text(html)).toContain('Provisional');
    expect(text(html)).toContain('provisional reference group of 1,000 simulated profiles');
    expect(text(html)).toContain('significantly lower');
    expect(html.match(/<th scope="row">/g)).toHaveLength(5);
  });

  it('names the size of a live comparison group', () => {
    const html = renderToString(<DifferencesTable differences={differences({ provisional: false, comparisonGroupSize: 212, populationSize: 4810 })} />);
    expect(text(html)).not.toContain('Provisional');
    expect(text(html)).toContain('Compared with 212 people in similar life circumstances, out of 4,810 people');
  });
});

describe('DifferencesTable with the norm group the server used', () => {
  const sentence =
    'Your results were compared with a provisional reference group of 1,000 simulated answer profiles, not real people. You chose not to share your life situation, so every comparison is with the whole group.';

  it('after Skip All shows only the comparison with everyone, worded by the server, and no similar-circumstances columns', () => {
    const html = renderToString(
      <DifferencesTable
        differences={differences({
          normGroup: { source: 'baseline', provisional: true, populationSize: 1000, comparisonGroupSize: 1000, lifeSituationMatch: 'not_shared', sentence },
        })}
      />,
    );
    expect(text(html)).toContain(sentence);
    expect(text(html)).not.toMatch(/similar (life )?(situations|circumstances)/i);
    expect(html.match(/<th scope="col">/g)).toHaveLength(2);
  });

  it('keeps the similar-circumstances columns when a matched group was used', () => {
    const html = renderToString(
      <DifferencesTable
        differences={differences({
          provisional: false,
          comparisonGroupSize: 212,
          populationSize: 4810,
          normGroup: { source: 'live', provisional: false, populationSize: 4810, comparisonGroupSize: 212, lifeSituationMatch: 'matched', sentence: 'Matched group sentence.' },
        })}
      />,
    );
    expect(html.match(/<th scope="col">/g)).toHaveLength(4);
    expect(text(html)).toContain('Matched group sentence.');
  });
});

describe('RichText', () => {
  it('renders content as text, keeping bold runs and dropping markup', () => {
    const html = renderToString(<RichText text={'Hello <strong>there</strong><img src=x onerror=alert(1)>\n&lt;b&gt;literal'} />);
    expect(html).toContain('<strong>there</strong>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;b&gt;literal');
  });
});
