/** Server-side renders of the frames a dashboard section holds while its figures or clients load (issue 28 part 3). */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClientRowsSkeleton, InsightFiguresSkeleton, InsightPrivateSkeleton } from './LoadingSkeletons';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('loading frames', () => {
  it("a shown figure's frame: every row name of the scores table, no value, hidden from screen readers", () => {
    const html = renderToString(<InsightFiguresSkeleton name="Acme: Team A" />);
    expect(html).toMatch(/^<div[^>]*aria-hidden="true"/);
    expect(count(html, '<th scope="row"')).toBe(14);
    expect(html).toContain('Overall well-being');
    expect(html).toContain('Efficacy');
    expect(text(html)).not.toMatch(/\d\.\d\d/);
    expect(html).not.toContain('n = ');
  });

  it("a small section's frame is the privacy message it will show, hidden from screen readers", () => {
    const html = renderToString(<InsightPrivateSkeleton />);
    expect(html).toMatch(/^<div[^>]*aria-hidden="true"/);
    expect(html).toContain('Figures kept private');
    expect(html).toContain('Fewer than 5 people');
  });

  it("a list's frame: one row per client up to a page, and the show-more line past a page", () => {
    const three = renderToString(<ClientRowsSkeleton clientCount={3} />);
    expect(count(three, 'aria-hidden="true"')).toBe(3);
    const many = renderToString(<ClientRowsSkeleton clientCount={25} />);
    expect(count(many, 'aria-hidden="true"')).toBe(11);
  });
});
