/** The kit's ListReadFailure: what a list whose read failed says, for each state of the read. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListReadFailure, listReadFailed, type ListRead } from './ListReadFailure';

const read = (state: Partial<ListRead>): ListRead => ({ data: undefined, isPending: false, isError: false, isFetching: false, errorUpdateCount: 0, ...state });
const drawn = (state: Partial<ListRead>) =>
  renderToStaticMarkup(
    <ListReadFailure listId="coach" read={read(state)} failedText="The list could not be loaded." loadingText="Loading…" tryAgainText="Try again" retry={async () => true} />,
  );

describe('ListReadFailure', () => {
  it('draws nothing while the list is first read, and once it has been read', () => {
    expect(drawn({ isPending: true, isFetching: true })).toBe('');
    expect(drawn({ data: [] })).toBe('');
    // A read that failed once, then brought the options: nothing is missing now.
    expect(drawn({ data: [{}], isFetching: true, errorUpdateCount: 1 })).toBe('');
  });

  it('says the failure at the list, as an alert the list can point to, with Try again', () => {
    const html = drawn({ isError: true, errorUpdateCount: 1 });
    expect(html).toContain('<p id="coach-failed" role="alert" class="bloom-error">The list could not be loaded.</p>');
    expect(html).toMatch(/<button[^>]*>.*Try again.*<\/button>/s);
    expect(html).not.toContain('aria-busy');
  });

  it('says it is loading while Try again asks, and keeps its busy button focusable', () => {
    const html = drawn({ isFetching: true, errorUpdateCount: 1 });
    expect(html).toContain('<p id="coach-failed" role="alert" class="bloom-muted">Loading…</p>');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('disabled=""');
  });

  it('counts a read as failed from the query state alone', () => {
    expect(listReadFailed(read({ isError: true }))).toBe(true);
    expect(listReadFailed(read({ isFetching: true, errorUpdateCount: 2 }))).toBe(true);
    expect(listReadFailed(read({ isFetching: true }))).toBe(false);
    expect(listReadFailed(read({ isFetching: true, errorUpdateCount: 1, data: [] }))).toBe(false);
  });
});
