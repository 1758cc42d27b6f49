import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SessionCache } from './session-cache';
import type { SessionContext } from '../../sessions/sessions';
import type { UserRow } from '../../sessions/sessions';

const context = (sessionId: string, userId: string): SessionContext => ({ sessionId, user: { id: userId } as UserRow });

describe('SessionCache', () => {
  it('answers until the entry is stale, then forgets it', () => {
    const cache = new SessionCache(10);
    cache.remember({ token: 't1', context: context('s1', 'u1'), staleAfter: 1_000 });
    expect(cache.lookup('t1', 999)?.sessionId).toBe('s1');
    expect(cache.lookup('t1', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.lookup('unknown', 0)).toBeUndefined();
  });

  it('forgets every session of a user whose row changed, and only theirs', () => {
    const cache = new SessionCache(10);
    cache.remember({ token: 'phone', context: context('s1', 'u1'), staleAfter: 1e12 });
    cache.remember({ token: 'laptop', context: context('s2', 'u1'), staleAfter: 1e12 });
    cache.remember({ token: 'other', context: context('s3', 'u2'), staleAfter: 1e12 });
    cache.forgetUser('u1');
    expect(cache.lookup('phone', 0)).toBeUndefined();
    expect(cache.lookup('laptop', 0)).toBeUndefined();
    expect(cache.lookup('other', 0)?.user.id).toBe('u2');
  });

  it('forgets one session by its id', () => {
    const cache = new SessionCache(10);
    cache.remember({ token: 'phone', context: context('s1', 'u1'), staleAfter: 1e12 });
    cache.remember({ token: 'laptop', context: context('s2', 'u1'), staleAfter: 1e12 });
    cache.forgetSession('s1');
    expect(cache.lookup('phone', 0)).toBeUndefined();
    expect(cache.lookup('laptop', 0)?.sessionId).toBe('s2');
  });

  it('with an idle time, drops sessions not looked up for that long (at a later remember), with their user and id indexes', () => {
    const cache = new SessionCache(10, 60_000);
    cache.remember({ token: 'gone', context: context('s1', 'u1'), staleAfter: 1e12 }, 0);
    cache.remember({ token: 'active', context: context('s2', 'u2'), staleAfter: 1e12 }, 0);
    expect(cache.lookup('active', 50_000)?.sessionId).toBe('s2');
    cache.remember({ token: 'new', context: context('s3', 'u3'), staleAfter: 1e12 }, 70_000);
    expect(cache.size).toBe(2);
    expect(cache.hasUser('u1')).toBe(false);
    expect(cache.lookup('gone', 70_000)).toBeUndefined();
    expect(cache.lookup('active', 70_000)?.sessionId).toBe('s2');
    expect(cache.lookup('new', 70_000)?.sessionId).toBe('s3');
  });

  it('drops the longest-held entry when full', () => {
    const cache = new SessionCache(2);
    cache.remember({ token: 'a', context: context('sa', 'u1'), staleAfter: 1e12 });
    cache.remember({ token: 'b', context: context('sb', 'u2'), staleAfter: 1e12 });
    cache.remember({ token: 'c', context: context('sc', 'u3'), staleAfter: 1e12 });
    expect(cache.size).toBe(2);
    expect(cache.lookup('a', 0)).toBeUndefined();
    expect(cache.lookup('c', 0)?.sessionId).toBe('sc');
  });

  it("replaces the user of every session of that user, keeping each entry's session and expiry", () => {
    const cache = new SessionCache(10);
    cache.remember({ token: 'phone', context: context('s1', 'u1'), staleAfter: 1_000 });
    cache.remember({ token: 'laptop', context: context('s2', 'u1'), staleAfter: 2_000 });
    cache.remember({ token: 'other', context: context('s3', 'u2'), staleAfter: 1e12 });
    expect(cache.hasUser('u1')).toBe(true);
    cache.updateUser('u1', (user) => ({ ...user, last_visited_route: '/Research' }));
    cache.updateUser('nobody', () => {
      throw new Error('not called for a user with no sessions');
    });
    for (const [token, sessionId] of [['phone', 's1'], ['laptop', 's2']] as const) {
      const found = cache.lookup(token, 0)!;
      expect(found).toMatchObject({ sessionId, user: { id: 'u1', last_visited_route: '/Research' } });
      expect(Object.isFrozen(found) && Object.isFrozen(found.user)).toBe(true);
    }
    expect(cache.lookup('other', 0)?.user.last_visited_route).toBeUndefined();
    expect(cache.lookup('phone', 1_500)).toBeUndefined();
    expect(cache.lookup('laptop', 1_500)?.sessionId).toBe('s2');
    cache.forgetUser('u1');
    expect(cache.hasUser('u1')).toBe(false);
  });

  it('keeps its indexes consistent whatever is remembered and forgotten', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('remember' as const), token: fc.integer({ min: 0, max: 6 }), user: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('forgetUser' as const), user: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('forgetSession' as const), token: fc.integer({ min: 0, max: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const cache = new SessionCache(4);
        // A model: what the cache may hold (it may hold less, having dropped entries when full).
        const model = new Map<number, number>();
        for (const op of operations) {
          if (op.kind === 'remember') {
            cache.remember({ token: `t${op.token}`, context: context(`s${op.token}`, `u${op.user}`), staleAfter: 1e12 });
            model.set(op.token, op.user);
          } else if (op.kind === 'forgetUser') {
            cache.forgetUser(`u${op.user}`);
            for (const [token, user] of model) if (user === op.user) model.delete(token);
          } else {
            cache.forgetSession(`s${op.token}`);
            model.delete(op.token);
          }
          expect(cache.size).toBeLessThanOrEqual(4);
        }
        for (let token = 0; token <= 6; token++) {
          const found = cache.lookup(`t${token}`, 0);
          if (found) expect(found.user.id).toBe(`u${model.get(token)}`);
        }
      }),
    );
  });
});
