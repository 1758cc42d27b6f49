/**
 * Server-side renders of the coach's invitation form (issue 25 §4) when the coach's organizations
 * could not be read (DESIGN.md §11): the list says so, with Try again, instead of offering only
 * "None: an independent client" as if the coach had no organization; and the invitation cannot be
 * sent meanwhile, so nobody joins as an independent client without the coach having chosen it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { placementOptionsQuery } from '../api';
import { InviteClientForm } from './InviteClientForm';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/** Drawn once the read has answered (or failed): as the mounted form has it, which does not ask again by itself. */
async function renderAfter(queryFn: () => Promise<unknown>): Promise<string> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  await client.prefetchQuery({ queryKey: placementOptionsQuery.queryKey, queryFn });
  return renderToString(
    <QueryClientProvider client={client}>
      <InviteClientForm onSent={() => undefined} />
    </QueryClientProvider>,
  );
}

const sendButton = (html: string) => /<button[^>]*type="submit"[^>]*>[\s\S]*?<\/button>/.exec(html)?.[0] ?? '';

describe('InviteClientForm', () => {
  it('offline: says the organizations could not be loaded, at the list (role alert, its description), with Try again; Send invitation waits', async () => {
    const html = await renderAfter(() => Promise.reject(new TypeError('Failed to fetch')));
    const alert = /<p id="([^"]+)" role="alert"[^>]*>([^<]*)<\/p>/.exec(html);
    expect(alert?.[2]).toBe('Your organizations could not be loaded just now, so the invitation cannot be sent yet.');
    const organizationSelect = /<select[^>]*>/.exec(html)?.[0] ?? '';
    expect(/aria-describedby="([^"]+)"/.exec(organizationSelect)?.[1]).toBe(alert?.[1]);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Try again<\/button>/);
    expect(text(sendButton(html))).toBe('Send invitation');
    expect(sendButton(html)).toMatch(/\sdisabled=""/);
  });

  it('read: the organizations to choose from, no alert, and Send invitation can be pressed', async () => {
    const html = await renderAfter(() => Promise.resolve([{ organizationGuid: 'o1', organizationName: 'Acme Health', groups: [] }]));
    expect(html).toContain('>Acme Health</option>');
    expect(html).not.toContain('role="alert"');
    expect(text(html)).not.toContain('Try again');
    expect(sendButton(html)).not.toMatch(/\sdisabled=""/);
  });
});
