import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** A per-visit read (the journey's `perVisit`): each call answers with the next number. */
function perVisitRead() {
  let answers = 0;
  return { queryKey: ['results'], queryFn: async () => (answers += 1), staleTime: Infinity, gcTime: 0 };
}

/** A page's use of the query: what it would draw in its first render, and its subscription. */
function visit(client: ReturnType<typeof createQueryClient>, options: ReturnType<typeof perVisitRead>) {
  const observer = new QueryObserver(client, options);
  const firstRender = observer.getOptimisticResult(client.defaultQueryOptions(options));
  const unsubscribe = observer.subscribe(() => undefined);
  return { firstRender, unsubscribe, observer };
}

/** A page that asked the read and has its first answer on screen. */
async function answeredVisit() {
  const client = createQueryClient();
  const read = perVisitRead();
  const first = visit(client, read);
  await expect.poll(() => first.observer.getCurrentResult().data).toBe(1);
  return { client, read, first };
}

describe('the query client: a per-visit read', () => {
  it('is not drawn again by a page that asks for it in the same task its previous page let go (Back at once)', async () => {
    const { client, read, first } = await answeredVisit();
    // The page is left; no timer has run before the next page renders.
    first.unsubscribe();
    const back = visit(client, read);
    expect(back.firstRender.data).toBeUndefined();
    expect(back.firstRender.isPending).toBe(true);
    await expect.poll(() => back.observer.getCurrentResult().data).toBe(2);
    back.unsubscribe();
  });

  it('is asked again after a failure its previous page let go, by a page that does not retry on mount (the current user\'s lookup)', async () => {
    const client = createQueryClient();
    let calls = 0;
    const lookup = {
      queryKey: ['currentUser', '/results'],
      queryFn: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the server was restarting');
        return 'Rhea';
      },
      staleTime: Infinity,
      gcTime: 0,
      retryOnMount: false,
    };
    const first = new QueryObserver(client, lookup);
    const unsubscribe = first.subscribe(() => undefined);
    await expect.poll(() => first.getCurrentResult().isError).toBe(true);
    unsubscribe();
    const back = new QueryObserver(client, lookup);
    expect(back.getOptimisticResult(client.defaultQueryOptions(lookup)).isError).toBe(false);
    back.subscribe(() => undefined);
    await expect.poll(() => back.getCurrentResult().data).toBe('Rhea');
  });

  it('keeps what was set for the coming page before anyone watched it (the log-out\'s "nobody")', () => {
    const client = createQueryClient();
    const read = perVisitRead();
    client.setQueryData(read.queryKey, 0);
    const next = visit(client, read);
    expect(next.firstRender.data).toBe(0);
    next.unsubscribe();
  });

  it('is asked again by a page that took it up as the last one let go, and that page watches the query in the cache', async () => {
    const { client, read, first } = await answeredVisit();
    // As React runs useQuery across a move: the next page renders while the last one still
    // watches, the last one lets go, then the next one's effects set its options and subscribe.
    const second = new QueryObserver(client, read);
    first.unsubscribe();
    second.setOptions(read);
    second.subscribe(() => undefined);
    const cached = client.getQueryCache().find({ queryKey: read.queryKey });
    expect(cached?.getObserversCount()).toBe(1);
    await expect.poll(() => second.getCurrentResult().data).toBe(2);
  });

  it('still leaves the cache one timer after its page let go, as TanStack does', async () => {
    const { client, read, first } = await answeredVisit();
    first.unsubscribe();
    await expect.poll(() => client.getQueryCache().find({ queryKey: read.queryKey })).toBeUndefined();
  });
});
