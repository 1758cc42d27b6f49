import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * The app's HTML as the real server sends it from a built web app: each page's own files and
 * first reads are named in it (src/web/app-shell.ts), and nothing from the path leaks into it.
 */
const INDEX = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Bloom</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const REPORT_ID = 'e9afa688-c76a-4a4d-a960-e5ccb38d41be';

let server: TestServer;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'bloom-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  writeFileSync(path.join(webRoot, 'assets', 'Results-1.js'), 'export {};');
  writeFileSync(
    path.join(webRoot, 'route-hints.json'),
    JSON.stringify({
      routes: [
        { path: '/YourLifeLotus', modules: ['/assets/Results-1.js'], styles: ['/assets/Results-1.css'], reads: ['/api/data/GetSummaryText'] },
        { path: '/BloomProfileReport/:assessmentId', modules: [], styles: [], reads: ['/api/data/GetBloomProfileReport/:assessmentId'] },
        { path: '*', modules: ['/assets/Welcome-1.js'], styles: [], reads: [] },
      ],
    }),
  );
  server = await startTestServer({}, { webRoot });
});
afterAll(async () => {
  await server?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A raw GET, so the test sees exactly the bytes and headers sent (fetch would decompress). */
function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(server.baseUrl + url, { method, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the app shell', () => {
  it("names the results page's code, stylesheet and reads in its HTML, matched case-insensitively", async () => {
    const response = await rawGet('/yourlifelotus?utm=1');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body.toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/Results-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/Results-1.css">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/data/GetSummaryText">');
  });

  it("names a report's read with the id from the path, and leaves it out for anything but an id", async () => {
    expect((await rawGet(`/BloomProfileReport/${REPORT_ID}`)).body.toString()).toContain(`href="/api/data/GetBloomProfileReport/${REPORT_ID}"`);
    for (const hostile of ['%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', '..%2F..%2Fapi%2Fuser%2FLogOut', `${REPORT_ID}%20x`]) {
      const response = await rawGet(`/BloomProfileReport/${hostile}`);
      expect(response.status).toBe(200);
      const html = response.body.toString();
      expect(html).not.toContain('GetBloomProfileReport');
      expect(html).not.toContain('<script>');
    }
  });

  it('sends brotli or gzip to browsers that accept it, and says it varies by Accept-Encoding', async () => {
    const response = await rawGet(`/BloomProfileReport/${REPORT_ID}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.body).toString()).toContain(`GetBloomProfileReport/${REPORT_ID}`);
    expect((await rawGet('/', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('gives any other page the welcome hints, answers HEAD without a body, and still serves assets and API 404s', async () => {
    expect((await rawGet('/Some/Unknown/Page')).body.toString()).toContain('/assets/Welcome-1.js');
    const head = await rawGet('/YourLifeLotus', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect((await rawGet('/assets/Results-1.js')).body.toString()).toBe('export {};');
    const api = await rawGet('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString())).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it("answers a missing file under the build's folders 404, never the app's HTML (a tab of the previous build asking for its page's code)", async () => {
    // Served as the app's HTML with 200, a missing script was refused by the browser as a module
    // ("Failed to fetch dynamically imported module") and the tab showed the error screen.
    for (const missing of ['/assets/ResearchPage-gone.js', '/assets/ResearchPage-gone.css?v=1', '/Assets/Results-1.js', '/assets/', '/assets']) {
      const response = await rawGet(missing, { 'accept-encoding': 'gzip, br' });
      expect(response.status, missing).toBe(404);
      expect(response.headers['content-type'], missing).toBe('application/json; charset=utf-8');
      expect(JSON.parse(response.body.toString()), missing).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
      expect(response.headers['x-content-type-options'], missing).toBe('nosniff');
      expect(response.headers['content-security-policy'], missing).toContain("default-src 'self'");
      // A cache in front of the instances must not keep the 404: during a rolling upgrade the file may be on the next instance.
      expect(response.headers['cache-control'], missing).toBe('no-store');
    }
    const head = await rawGet('/assets/ResearchPage-gone.js', {}, 'HEAD');
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
    // A page path that only looks like a file is still a page.
    expect((await rawGet('/Rapid/Experiences.js')).headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
