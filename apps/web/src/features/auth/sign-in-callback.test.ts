import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ROUTES, clientRoute } from '@bloom/contracts/endpoint-client';
import { ApiError } from '../../lib/api';
import { apiUrl } from '../../lib/api-client';
import { completeSignIn, exchangePath, readCodeAndState, readProviderError, type CallbackDeps, type CallbackFlow } from './sign-in-callback';

type Answers = Record<string, unknown>;

function fakeDeps(answers: Answers, overrides: Partial<CallbackDeps> = {}) {
  const calls: string[] = [];
  const answer = async (method: string, path: string) => {
    calls.push(`${method} ${path}`);
    const key = Object.keys(answers).find((k) => `${method} ${path}`.startsWith(k));
    const value = key === undefined ? null : answers[key];
    if (value instanceof Error) throw value;
    return value as never;
  };
  const deps: CallbackDeps = {
    call: ((name: keyof typeof CLIENT_ROUTES, args?: object) => answer(clientRoute(CLIENT_ROUTES[name]).method, apiUrl(name, args as never))) as CallbackDeps['call'],
    navigate: vi.fn(),
    redirect: vi.fn(),
    referrer: null,
    onSignedIn: vi.fn(),
    logError: vi.fn(),
    ...overrides,
  };
  return { deps, calls };
}

const codeAndState = { code: 'c/1', state: 's 2' };

describe('readCodeAndState', () => {
  it('reads the hash first, then the query', () => {
    expect(readCodeAndState('#code=abc&state=xyz', '?code=q&state=r')).toEqual({ code: 'abc', state: 'xyz' });
    expect(readCodeAndState('', '?code=q&state=r')).toEqual({ code: 'q', state: 'r' });
    expect(readCodeAndState('#code=only', '')).toBeNull();
  });
});

describe('readProviderError', () => {
  it('reads the provider error from the hash or the query, and nothing when there is none', () => {
    expect(readProviderError('#error=access_denied&state=x', '')).toBe('access_denied');
    expect(readProviderError('', '?error=login_required')).toBe('login_required');
    expect(readProviderError('#code=a&state=b', '')).toBeNull();
    expect(readProviderError('', '')).toBeNull();
  });
});

describe('exchangePath', () => {
  it.each<[CallbackFlow, string]>([
    ['Beginning', '/api/auth/LoginCallbackBeginning/c%2F1/s%202'],
    ['Professional', '/api/auth/LoginCallbackProfessional/c%2F1/s%202'],
    ['Coach', '/api/auth/LoginCallbackCoach/c%2F1/s%202'],
    ['Client', '/api/auth/LoginCallbackClient/c%2F1/s%202'],
    ['End', '/api/auth/LoginCallbackEnd/c%2F1/s%202'],
    ['Purchase', '/api/user/LoginCallbackPurchase/c%2F1/s%202'],
  ])('%s → %s', (flow, path) => expect(exchangePath(flow, codeAndState)).toBe(path));
});

describe('completeSignIn', () => {
  it('Beginning: saves the referrer and goes to the dashboard when the user has an assessment', async () => {
    const { deps, calls } = fakeDeps({ 'GET /api/auth/LoginCallbackBeginning': {}, 'GET /api/user/UserHasAssessment': true }, { referrer: 'news letter' });
    await completeSignIn('Beginning', codeAndState, deps);
    expect(calls).toContain('POST /api/user/SaveReferrer?referrer=news+letter');
    expect(deps.onSignedIn).toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/Dashboard');
  });

  it('Beginning: otherwise creates a Rapid assessment', async () => {
    const { deps, calls } = fakeDeps({ 'GET /api/user/UserHasAssessment': false });
    await completeSignIn('Beginning', codeAndState, deps);
    expect(calls).not.toContain(expect.stringContaining('SaveReferrer'));
    expect(calls).toContain('POST /api/user/CreateNewAssessment/Rapid');
    expect(deps.navigate).toHaveBeenCalledWith('/Rapid/Experiences');
  });

  it('Professional: creates a Professional assessment', async () => {
    const { deps, calls } = fakeDeps({});
    await completeSignIn('Professional', codeAndState, deps);
    expect(calls).toContain('POST /api/user/CreateNewAssessment/Professional');
    expect(deps.navigate).toHaveBeenCalledWith('/Pro/Experiences');
  });

  it('Coach: asks for a name when one is missing', async () => {
    const missing = fakeDeps({ 'GET /api/auth/LoginCallbackCoach': { ok: true, firstName: 'Ada', lastName: null, coachPending: false } });
    await completeSignIn('Coach', codeAndState, missing.deps);
    expect(missing.deps.navigate).toHaveBeenCalledWith('/Coach/Name');

    const named = fakeDeps({ 'GET /api/auth/LoginCallbackCoach': { ok: true, firstName: 'Ada', lastName: 'Lovelace', coachPending: false } });
    await completeSignIn('Coach', codeAndState, named.deps);
    expect(named.deps.navigate).toHaveBeenCalledWith('/CoachDashboard');
  });

  it('Client: goes to onboarding; End: to the latest plan', async () => {
    const client = fakeDeps({});
    await completeSignIn('Client', codeAndState, client.deps);
    expect(client.deps.navigate).toHaveBeenCalledWith('/Client/Onboarding');

    const end = fakeDeps({ 'GET /api/user/GetLatestAssessment': { id: 'a-1' } });
    await completeSignIn('End', codeAndState, end.deps);
    expect(end.deps.navigate).toHaveBeenCalledWith('/PositivityPlan/a-1');
  });

  it('Beginning started from a page that asked to sign in goes back to it, creating nothing; End keeps the plan (decision 0069)', async () => {
    const beginning = fakeDeps({ 'GET /api/user/UserHasAssessment': false }, { returnTo: '/Account', referrer: 'news' });
    await completeSignIn('Beginning', codeAndState, beginning.deps);
    expect(beginning.calls).toContain('POST /api/user/SaveReferrer?referrer=news');
    expect(beginning.calls).not.toContain('POST /api/user/CreateNewAssessment/Rapid');
    expect(beginning.deps.navigate).toHaveBeenCalledWith('/Account');

    const end = fakeDeps({ 'GET /api/user/GetLatestAssessment': { id: 'a-9' } }, { returnTo: '/BloomProfileReport/a-1' });
    await completeSignIn('End', codeAndState, end.deps);
    expect(end.deps.navigate).toHaveBeenCalledWith('/PositivityPlan/a-9');
    expect(end.deps.navigate).toHaveBeenCalledTimes(1);
  });

  const latestOf = (isNinetyItem: boolean) => ({ 'GET /api/user/GetLatestAssessment': { id: 'a-1', isNinetyItem }, 'GET /api/user/UserHasAssessment': true });

  it('Beginning started from a question page whose session ended goes back to it, creating no assessment (decision 0069)', async () => {
    for (const [returnTo, professional] of [['/Rapid/Feelings', false], ['/Pro/Experiences/Body/Questions', true], ['/rapid/feelings/?referrer=x', false]] as const) {
      const { deps, calls } = fakeDeps(latestOf(professional), { returnTo });
      expect(await completeSignIn('Beginning', codeAndState, deps)).toBe('signed_in');
      expect(calls.filter((call) => call.includes('CreateNewAssessment'))).toEqual([]);
      expect(deps.navigate).toHaveBeenCalledWith(returnTo);
      expect(deps.navigate).toHaveBeenCalledTimes(1);
    }
  });

  it('Beginning to a question page by someone with no assessment starts a Rapid one as spec 01 §4 says: the page could take no answers (review of 2026-11-27)', async () => {
    for (const returnTo of ['/Rapid/Feelings', '/Pro/Experiences/Body/Questions', '/Pro/Experiences/Body/Questions/']) {
      const notFound = new ApiError(404, 'No assessment.', 'not_found');
      const { deps, calls } = fakeDeps({ 'GET /api/user/GetLatestAssessment': notFound, 'GET /api/user/UserHasAssessment': false }, { returnTo });
      expect(await completeSignIn('Beginning', codeAndState, deps)).toBe('signed_in');
      expect(calls.filter((call) => call.includes('CreateNewAssessment'))).toHaveLength(1);
      expect(deps.navigate).toHaveBeenCalledWith('/Rapid/Experiences');
    }
  });

  it('Beginning to a question page of the other form than the latest assessment goes to the dashboard, as spec 01 §4 says for someone with one (review of 2026-11-27)', async () => {
    const { deps } = fakeDeps(latestOf(false), { returnTo: '/Pro/Experiences/Body/Questions' });
    expect(await completeSignIn('Beginning', codeAndState, deps)).toBe('signed_in');
    expect(deps.navigate).toHaveBeenCalledWith('/Dashboard');
  });

  it('the other flows keep their own destinations whatever the return page', async () => {
    const client = fakeDeps({}, { returnTo: '/Account' });
    await completeSignIn('Client', codeAndState, client.deps);
    expect(client.deps.navigate).toHaveBeenCalledWith('/Client/Onboarding');
    const professional = fakeDeps({}, { returnTo: '/Account' });
    await completeSignIn('Professional', codeAndState, professional.deps);
    expect(professional.deps.navigate).toHaveBeenCalledWith('/Pro/Experiences');
  });

  it('Purchase: requests the purchase address for the latest assessment and follows it', async () => {
    const { deps, calls } = fakeDeps({ 'GET /api/user/GetLatestAssessment': { id: 'a-2' }, 'POST /api/user/GetPurchaseUrl': { redirectUrl: 'https://shop.example/pay' } });
    await completeSignIn('Purchase', codeAndState, deps);
    const checkout = calls.find((call) => call.startsWith('POST /api/user/GetPurchaseUrl/a-2'));
    // With the browser's time zone, which the receipt is dated in (an optional query value beyond the spec's call).
    const url = new URL(checkout!.slice('POST '.length), 'http://app.test');
    expect(url.pathname).toBe('/api/user/GetPurchaseUrl/a-2');
    expect(url.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(deps.redirect).toHaveBeenCalledWith({ redirectUrl: 'https://shop.example/pay' });
  });

  // A review found the upsell's Purchase, started from an older assessment's plan page, checking out the latest instead.
  describe('Purchase started from a plan page (review of 2026-11-27)', () => {
    const checkedOut = (calls: string[]) =>
      calls.filter((call) => call.startsWith('POST /api/user/GetPurchaseUrl/')).map((call) => new URL(call.slice('POST '.length), 'http://app.test').pathname);
    const answers = (own: string[]) => ({
      'GET /api/user/GetLatestAssessment': { id: 'a-latest' },
      'GET /api/user/GetAllAssessments': own.map((id) => ({ id })),
      'POST /api/user/GetPurchaseUrl': { redirectUrl: 'https://shop.example/pay' },
    });

    it('checks out the assessment of the page it was started from when it is the caller’s, not the latest', async () => {
      const { deps, calls } = fakeDeps(answers(['a-latest', 'A-Older']), { startedFrom: '/PositivityPlan/A-Older' });
      expect(await completeSignIn('Purchase', codeAndState, deps)).toBe('signed_in');
      expect(checkedOut(calls)).toEqual(['/api/user/GetPurchaseUrl/A-Older']);
      expect(calls).not.toContain('GET /api/user/GetLatestAssessment');
      expect(deps.redirect).toHaveBeenCalledWith({ redirectUrl: 'https://shop.example/pay' });
    });

    it('reads the page case-insensitively, with a trailing slash or a query, and the id as written (encoded too)', async () => {
      for (const startedFrom of ['/positivityplan/a%20b/', '/POSITIVITYPLAN/a%20b?x=1']) {
        const { deps, calls } = fakeDeps(answers(['a-latest', 'a b']), { startedFrom });
        await completeSignIn('Purchase', codeAndState, deps);
        expect(checkedOut(calls)).toEqual(['/api/user/GetPurchaseUrl/a%20b']);
      }
    });

    it('falls back to the latest when the page’s assessment is not the caller’s, or no plan page is named', async () => {
      for (const startedFrom of ['/PositivityPlan/someone-elses', '/Dashboard', '/PositivityPlan/', '/PositivityPlan/%E0%A4%A', null, undefined]) {
        const { deps, calls } = fakeDeps(answers(['a-latest', 'a-older']), { startedFrom });
        expect(await completeSignIn('Purchase', codeAndState, deps)).toBe('signed_in');
        expect(checkedOut(calls), String(startedFrom)).toEqual(['/api/user/GetPurchaseUrl/a-latest']);
      }
    });

    it('fails rather than guess when the caller’s assessments cannot be read', async () => {
      const { deps, calls } = fakeDeps({ ...answers([]), 'GET /api/user/GetAllAssessments': new ApiError(503, 'busy') }, { startedFrom: '/PositivityPlan/a-older' });
      expect(await completeSignIn('Purchase', codeAndState, deps)).toBe('failed');
      expect(checkedOut(calls)).toEqual([]);
      expect(deps.redirect).not.toHaveBeenCalled();
    });

    it('leaves the other flows as they were: End still goes to the latest assessment’s plan', async () => {
      const { deps } = fakeDeps(answers(['a-latest', 'a-older']), { startedFrom: '/PositivityPlan/a-older' });
      await completeSignIn('End', codeAndState, deps);
      expect(deps.navigate).toHaveBeenCalledWith('/PositivityPlan/a-latest');
    });
  });

  it('reports signed_in once the flow has taken its step', async () => {
    const { deps } = fakeDeps({});
    expect(await completeSignIn('Client', codeAndState, deps)).toBe('signed_in');
  });

  it('logs "Failed to retrieve tokens" when the exchange is refused, reports it as refused, and goes nowhere', async () => {
    const { deps } = fakeDeps({ 'GET /api/auth/LoginCallbackEnd': new ApiError(400, 'bad state') });
    expect(await completeSignIn('End', codeAndState, deps)).toBe('refused');
    expect(deps.logError).toHaveBeenCalledWith('Failed to retrieve tokens', 400);
    expect(deps.onSignedIn).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('reports a server fault (5xx) as failed, not as a refused sign-in', async () => {
    const { deps } = fakeDeps({ 'GET /api/auth/LoginCallbackEnd': new ApiError(503, 'provider down') });
    expect(await completeSignIn('End', codeAndState, deps)).toBe('failed');
  });

  it('reports failed when a step after the exchange breaks (no latest assessment)', async () => {
    const { deps } = fakeDeps({ 'GET /api/user/GetLatestAssessment': null });
    expect(await completeSignIn('End', codeAndState, deps)).toBe('failed');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('logs "Error during token exchange" when the call throws', async () => {
    const { deps } = fakeDeps({ 'GET /api/auth/LoginCallbackClient': new TypeError('Failed to fetch') });
    expect(await completeSignIn('Client', codeAndState, deps)).toBe('failed');
    expect(deps.logError).toHaveBeenCalledWith('Error during token exchange', expect.any(TypeError));
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('logs and stops when the address has no code, telling a provider error from a bare visit', async () => {
    const { deps, calls } = fakeDeps({});
    expect(await completeSignIn('Client', null, deps)).toBe('missing_code');
    expect(calls).toEqual([]);
    expect(deps.logError).toHaveBeenCalledWith('Failed to retrieve tokens', expect.any(String));
    expect(await completeSignIn('Client', null, deps, 'access_denied')).toBe('provider_error');
    expect(calls).toEqual([]);
  });
});
