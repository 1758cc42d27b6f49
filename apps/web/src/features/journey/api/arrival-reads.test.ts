import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eightPetalQuery, resultsCoverageQuery, startResultsPageRequests, summaryTextQuery } from './arrival-reads';

/** A server that answers every GET with a body made from its path, counting the calls. */
function fakeServer() {
  const reads: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    reads.push(path);
    const body = path.includes('GetSummaryText') ? '"You flourish."' : path.includes('GetResultsCoverage') ? '{"hasResults":true}' : '{"from":"server"}';
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  });
  return { reads: () => reads };
}

afterEach(() => vi.unstubAllGlobals());

describe("the results page's reads started on arrival", () => {
  it('are in its queries at their first render once answered, so the summary is drawn in that render, with no second call', async () => {
    const server = fakeServer();
    const client = new QueryClient();
    startResultsPageRequests(client);
    expect(server.reads()).toHaveLength(5);
    // Before the answers arrive the page shows its loading state and the query takes the request on its way.
    await vi.waitFor(() => expect(new QueryObserver(client, summaryTextQuery()).getCurrentResult().data).toBe('You flourish.'));
    const summary = new QueryObserver(client, summaryTextQuery()).getCurrentResult();
    expect(summary.isPending).toBe(false);
    expect(new QueryObserver(client, resultsCoverageQuery()).getCurrentResult().data).toEqual({ hasResults: true });
    expect(new QueryObserver(client, eightPetalQuery()).getCurrentResult().data).toEqual({ from: 'server' });
    expect(server.reads()).toHaveLength(5);
  });

  it('leave a query that renders before its answer to take the request on its way, not ask again', async () => {
    const server = fakeServer();
    const client = new QueryClient();
    startResultsPageRequests(client);
    const observer = new QueryObserver(client, summaryTextQuery());
    expect(observer.getCurrentResult().isPending).toBe(true);
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('You flourish.'));
    unsubscribe();
    expect(server.reads()).toHaveLength(5);
  });

  it('start even when the page before left a read cached (the page will not draw it, decision 0088), but not one under way', () => {
    const server = fakeServer();
    const client = new QueryClient();
    client.setQueryData(summaryTextQuery().queryKey, 'An answer of the visit before.');
    void client.fetchQuery({ queryKey: eightPetalQuery().queryKey, queryFn: () => new Promise<never>(() => undefined) });
    startResultsPageRequests(client);
    expect(server.reads()).toHaveLength(4);
    expect(server.reads().some((path) => path.includes('GetSummaryText'))).toBe(true);
    expect(server.reads().some((path) => path.includes('GetEightPetalData'))).toBe(false);
  });
});
