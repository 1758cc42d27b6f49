import { expect, type Page } from '@playwright/test';

/**
 * A POST from the page, with its session cookie and the CSRF header, for setting up what a test
 * needs without clicking through it. Expects a 2xx; answers the JSON body, or null when empty.
 */
export async function postFromPage<T = unknown>(page: Page, path: string): Promise<T> {
  const { status, body } = await page.evaluate(async (url) => {
    const response = await fetch(url, { method: 'POST', headers: { 'x-bloom-csrf': '1' } });
    return { status: response.status, body: await response.text() };
  }, path);
  expect(status, `POST ${path}`).toBeLessThan(300);
  return (body ? JSON.parse(body) : null) as T;
}

/** A GET from the page, with its session cookie. Expects a 2xx; answers the JSON body. */
export async function getFromPage<T = unknown>(page: Page, path: string): Promise<T> {
  const { status, body } = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  }, path);
  expect(status, `GET ${path}`).toBeLessThan(300);
  return JSON.parse(body) as T;
}

/**
 * Any call from the page as the app makes it (same origin, its cookies, the CSRF header), with
 * an optional JSON body; answers the status and the JSON body (null when empty), whatever the status.
 */
export async function callFromPage(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = { 'x-bloom-csrf': '1' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}
