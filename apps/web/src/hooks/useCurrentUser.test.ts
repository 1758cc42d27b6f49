import type { CurrentUser } from '@bloom/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { currentUserQuery, readLookup } from './useCurrentUser';

const person = (id: string): CurrentUser => ({
  id,
  firstName: id,
  lastName: null,
  userName: `${id}@example.test`,
  coachGuid: null,
  researchOptIn: false,
  userRoles: [],
  lastVisitedRoute: null,
  coachPending: false,
  accessPreGranted: false,
});

/**
 * The lookup as the hook runs it (its query's options, keepPreviousData included), on a real
 * QueryObserver: signed in on /Dashboard, then a lookup on /CoachDashboard that fails.
 */
async function failedLookupAfter(previous: CurrentUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(client, { ...currentUserQuery('/Dashboard'), queryFn: () => Promise.resolve<CurrentUser | null>(previous) });
  const stop = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  const answers: ((user: CurrentUser | null) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  observer.setOptions({
    ...currentUserQuery('/CoachDashboard'),
    queryFn: () =>
      new Promise<CurrentUser | null>((resolve, reject) => {
        answers.push(resolve);
        failures.push(reject);
      }),
  });
  // The new path's first lookup: the previous page's user stays on screen meanwhile.
  await vi.waitFor(() => expect(failures).toHaveLength(1));
  expect(readLookup(observer.getCurrentResult())).toMatchObject({ user: previous, lookupFailed: false, isLoading: false });
  failures[0]!(new Error('503 Service Unavailable'));
  await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
  expect(readLookup(observer.getCurrentResult())).toMatchObject({ user: null, lookupFailed: true, lookingUp: false });
  return { observer, answers, failures, stop };
}

describe('readLookup', () => {
  it('keeps a failed lookup failed, with nobody signed in, while it is asked again, until the server answers', async () => {
    const { observer, answers, stop } = await failedLookupAfter(person('member'));
    const retried = observer.refetch();
    // Pending again, keepPreviousData fills the query with the previous page's user: not this page's.
    await vi.waitFor(() => expect(observer.getCurrentResult().isPlaceholderData).toBe(true));
    expect(observer.getCurrentResult().data).toMatchObject({ id: 'member' });
    expect(readLookup(observer.getCurrentResult())).toMatchObject({ user: null, lookupFailed: true, lookingUp: true, isLoading: false });

    answers[1]!(person('coach'));
    expect((await retried).isError).toBe(false);
    expect(readLookup(observer.getCurrentResult())).toMatchObject({ user: { id: 'coach' }, lookupFailed: false, lookingUp: false });
    stop();
  });

  it('says a retry that fails again is still the failure', async () => {
    const { observer, failures, stop } = await failedLookupAfter(person('member'));
    const retried = observer.refetch();
    await vi.waitFor(() => expect(failures).toHaveLength(2));
    failures[1]!(new Error('503 Service Unavailable'));
    expect((await retried).isError).toBe(true);
    expect(readLookup(observer.getCurrentResult())).toMatchObject({ user: null, lookupFailed: true, lookingUp: false });
    stop();
  });

  it('takes the server saying nobody is signed in as an answer', async () => {
    const { observer, answers, stop } = await failedLookupAfter(person('member'));
    const retried = observer.refetch();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(null);
    await retried;
    expect(readLookup(observer.getCurrentResult())).toMatchObject({ user: null, lookupFailed: false, isLoading: false });
    stop();
  });
});
