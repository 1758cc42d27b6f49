import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { followLinkClick, isPlainClick, Link } from './Link';
import type { Location } from './paths';
import { MemoryRouter } from './Router';

const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
const here: Location = { pathname: '/Dashboard', search: '', hash: '', state: null, key: 'k' };

function click(keys: Partial<typeof plain> = {}, defaultPrevented = false) {
  return { ...plain, ...keys, defaultPrevented, preventDefault: vi.fn() };
}

describe('isPlainClick', () => {
  it('is a main-button click with no modifier, on a link opening in this tab', () => {
    expect(isPlainClick(plain, undefined)).toBe(true);
    expect(isPlainClick(plain, '_self')).toBe(true);
  });

  it('leaves modifier clicks, other buttons and other targets to the browser', () => {
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const) expect(isPlainClick({ ...plain, [key]: true }, undefined)).toBe(false);
    expect(isPlainClick({ ...plain, button: 1 }, undefined)).toBe(false);
    expect(isPlainClick({ ...plain, button: 2 }, undefined)).toBe(false);
    expect(isPlainClick(plain, '_blank')).toBe(false);
  });
});

describe('followLinkClick', () => {
  it('moves within the app on a plain click, carrying replace and state', () => {
    const navigate = vi.fn();
    const event = click();
    followLinkClick(event, { href: '/Account/Privacy', state: { from: 'menu' } }, here, navigate);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/Account/Privacy', { replace: false, state: { from: 'menu' } });

    followLinkClick(click(), { href: '/', replace: true }, here, navigate);
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: true, state: undefined });
  });

  it('replaces the entry for a link to where the app already is', () => {
    const navigate = vi.fn();
    followLinkClick(click(), { href: '/Dashboard' }, here, navigate);
    expect(navigate).toHaveBeenCalledWith('/Dashboard', { replace: true, state: undefined });
  });

  it('lets the browser have modifier clicks, middle clicks, other targets, full loads and prevented clicks', () => {
    const navigate = vi.fn();
    const cases = [
      [click({ ctrlKey: true }), {}],
      [click({ metaKey: true }), {}],
      [click({ shiftKey: true }), {}],
      [click({ button: 1 }), {}],
      [click(), { target: '_blank' }],
      [click(), { reloadDocument: true }],
      [click({}, true), {}],
    ] as const;
    for (const [event, link] of cases) {
      followLinkClick(event, { href: '/Progress', ...link }, here, navigate);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('Link', () => {
  it('renders an anchor to the resolved path with the anchor props it was given', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/Pro/Feelings']}>
        <Link to="/Dashboard?tab=1" className="button" aria-label="Your dashboard" target="_self">
          Dashboard
        </Link>
        <Link to="#top">Top</Link>
      </MemoryRouter>,
    );
    expect(html).toContain('<a class="button" aria-label="Your dashboard" target="_self" href="/Dashboard?tab=1">Dashboard</a>');
    expect(html).toContain('<a href="/Pro/Feelings#top">Top</a>');
  });
});
