import { describe, expect, it } from 'vitest';
import { createPath, resolvePath } from './paths';

describe('resolvePath', () => {
  it('splits an absolute target into path, query and fragment', () => {
    expect(resolvePath('/Purchase/a-1?redirectUrl=%2FDashboard#pay', '/Dashboard')).toEqual({ pathname: '/Purchase/a-1', search: '?redirectUrl=%2FDashboard', hash: '#pay' });
  });

  it('keeps the current path for a query or fragment alone, as a link in the page would', () => {
    expect(resolvePath('?page=2', '/CoachDashboard')).toEqual({ pathname: '/CoachDashboard', search: '?page=2', hash: '' });
    expect(resolvePath('#top', '/Account')).toEqual({ pathname: '/Account', search: '', hash: '#top' });
  });

  it('resolves a relative path against the current one', () => {
    expect(resolvePath('Results', '/Pro/Feelings').pathname).toBe('/Pro/Results');
    expect(resolvePath('../Dashboard', '/Account/Privacy').pathname).toBe('/Dashboard');
  });

  it('keeps only the path of a full or protocol-relative URL, so a move stays on the site', () => {
    expect(createPath(resolvePath('//evil.example/steal?x=1', '/'))).toBe('/steal?x=1');
    expect(createPath(resolvePath('https://evil.example/', '/Dashboard'))).toBe('/');
  });
});
