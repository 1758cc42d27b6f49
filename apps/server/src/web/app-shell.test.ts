import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppShell, preferredEncoding, readsFor, renderShell, routePattern, type RouteHint } from './app-shell';

const INDEX = '<!doctype html><html><head><title>Bloom</title></head><body><div id="root"></div></body></html>';
const hint = (path: string, extra: Partial<RouteHint> = {}): RouteHint => ({ path, modules: [], styles: [], reads: [], ...extra });

describe('routePattern', () => {
  it('matches as the web app router does: case-insensitive, one segment per :param, optional trailing slash', () => {
    const report = routePattern('/BloomProfileReport/:assessmentId');
    expect(report.exec('/bloomprofilereport/abc-1')?.groups).toEqual({ assessmentId: 'abc-1' });
    expect(report.test('/BloomProfileReport/abc/')).toBe(true);
    expect(report.test('/BloomProfileReport/')).toBe(false);
    expect(report.test('/BloomProfileReport/a/b')).toBe(false);
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/').test('/Pro')).toBe(false);
    expect(routePattern('*').test('/anything/at/all')).toBe(true);
  });

  it('treats every other character of a path literally', () => {
    expect(routePattern('/a.b').test('/axb')).toBe(false);
    expect(routePattern('/a.b').test('/a.b')).toBe(true);
  });
});

describe('readsFor', () => {
  const report = hint('/BloomProfileReport/:assessmentId', { reads: ['/api/data/GetBloomProfileReport/:assessmentId', '/api/data/GetSummaryText'] });

  it('fills in ids and names', () => {
    expect(readsFor(report, { assessmentId: 'e9afa688-c76a-4a4d-a960-e5ccb38d41be' })).toEqual([
      '/api/data/GetBloomProfileReport/e9afa688-c76a-4a4d-a960-e5ccb38d41be',
      '/api/data/GetSummaryText',
    ]);
  });

  it('leaves out a read whose param is missing, encoded, too long or anything but letters, digits and dashes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        const reads = readsFor(report, { assessmentId: value });
        const usable = /^[A-Za-z0-9-]{1,64}$/.test(value);
        expect(reads).toEqual(usable ? [`/api/data/GetBloomProfileReport/${value}`, '/api/data/GetSummaryText'] : ['/api/data/GetSummaryText']);
      }),
    );
    expect(readsFor(report, {})).toEqual(['/api/data/GetSummaryText']);
  });
});

describe('renderShell', () => {
  it('adds reads, stylesheet preloads and module preloads at the end of the head, attributes escaped', () => {
    const html = renderShell(INDEX, hint('/x', { modules: ['/assets/a.js'], styles: ['/assets/"b".css'] }), ['/api/x?a=1&b=2']);
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/x?a=1&amp;b=2">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(head.indexOf('preload" as="fetch')).toBeLessThan(head.indexOf('modulepreload'));
    // A preload, not a stylesheet: it must not hold back the loading screen's first paint. Vite's
    // loader adds the stylesheet itself (crossorigin, to take the preloaded file).
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/&quot;b&quot;.css">');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.slice(html.indexOf('</head>'))).toBe(INDEX.slice(INDEX.indexOf('</head>')));
  });

  it('leaves the page alone when there is nothing to add', () => {
    expect(renderShell(INDEX, undefined)).toBe(INDEX);
    expect(renderShell(INDEX, hint('/x'))).toBe(INDEX);
  });
});

describe('AppShell', () => {
  const shell = new AppShell(INDEX, [
    hint('/YourLifeLotus', { modules: ['/assets/results.js'], reads: ['/api/data/GetSummaryText'] }),
    hint('/BloomProfileReport/:assessmentId', { reads: ['/api/data/GetBloomProfileReport/:assessmentId'] }),
    hint('*', { modules: ['/assets/welcome.js'] }),
  ]);

  it('picks the first route that matches the path, ignoring the query', () => {
    expect(shell.variantFor('/yourlifelotus?from=mail').html).toContain('/assets/results.js');
    expect(shell.variantFor('/yourlifelotus').html).toContain('href="/api/data/GetSummaryText"');
    expect(shell.variantFor('/BloomProfileReport/abc-123').html).toContain('href="/api/data/GetBloomProfileReport/abc-123"');
    expect(shell.variantFor('/BloomProfileReport/%3Cscript%3E').html).not.toContain('GetBloomProfileReport');
    expect(shell.variantFor('/Nowhere').html).toContain('/assets/welcome.js');
  });

  it('sends the same page in each encoding', () => {
    const variant = shell.variantFor('/BloomProfileReport/abc-123');
    expect(brotliDecompressSync(variant.body('br') as Buffer).toString()).toBe(variant.html);
    expect(gunzipSync(variant.body('gzip') as Buffer).toString()).toBe(variant.html);
    expect(variant.body(undefined)).toBe(variant.html);
  });

  it('serves plain index.html when no route matches', () => {
    expect(new AppShell(INDEX, [hint('/Pro')]).variantFor('/Dashboard').html).toBe(INDEX);
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
