import { describe, expect, it } from 'vitest';
import { isRestorableRoute, shouldSaveProgress } from './progress-save';

describe('shouldSaveProgress', () => {
  it.each(['/', '/coach', '/Coach', '/COACH/', '/client', '/Client', '/CLIENT'])('skips %s', (path) => {
    expect(shouldSaveProgress(path)).toBe(false);
  });

  it.each(['/login-callback-beginning', '/Login-Callback-Purchase', '/purchase-success-callback', '/purchase-failure-callback'])(
    'skips the one-shot callback page %s',
    (path) => expect(shouldSaveProgress(path)).toBe(false),
  );

  it.each(['/Pro', '/Rapid/Experiences', '/Coach/Name', '/Client/Onboarding', '/Dashboard', '/CoachDashboard', '/YourLifeLotus'])('saves %s', (path) => {
    expect(shouldSaveProgress(path)).toBe(true);
  });
});

describe('isRestorableRoute', () => {
  it('accepts an app path', () => {
    expect(isRestorableRoute('/Rapid/Feelings')).toBe(true);
  });

  it.each([null, undefined, '', '/', '/client', 'https://evil.example/', '//evil.example', '/\\evil.example', '/login-callback-end'])('refuses %s', (route) => {
    expect(isRestorableRoute(route)).toBe(false);
  });
});
