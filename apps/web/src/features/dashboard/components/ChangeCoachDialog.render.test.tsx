/**
 * Server-side renders of the Change/Remove Coach dialog's body (spec 02 §4) when the coach list
 * could not be read (DESIGN.md §11): the list says so, with Try again, instead of offering only
 * "No Coach" as if the person had no coach to keep.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../../components/ui/Dialog';
import { coachListQuery } from '../api';
import { CoachChoice } from './ChangeCoachDialog';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const none = () => undefined;

/** Drawn once the read has answered (or failed): as the open dialog has it, which does not ask again by itself. */
async function renderAfter(queryFn: () => Promise<unknown>): Promise<string> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  await client.prefetchQuery({ queryKey: coachListQuery.queryKey, queryFn });
  return renderToString(
    <QueryClientProvider client={client}>
      <Dialog open>
        <CoachChoice userId="u1" currentCoachId="c1" onChanged={none} onDone={none} />
      </Dialog>
    </QueryClientProvider>,
  );
}

describe('the coach choice of the Change/Remove Coach dialog', () => {
  it('offline: says the coach list could not be loaded, at the list (role alert, its description), with Try again', async () => {
    const html = await renderAfter(() => Promise.reject(new TypeError('Failed to fetch')));
    const alert = /<p id="([^"]+)" role="alert"[^>]*>([^<]*)<\/p>/.exec(html);
    expect(alert?.[2]).toBe('The coach list could not be loaded just now.');
    expect(/<select[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1]).toBe(alert?.[1]);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Try again<\/button>/);
  });

  it('read: the coach, marked current, no alert', async () => {
    const html = await renderAfter(() => Promise.resolve([{ id: 'c1', firstName: 'Casey', lastName: 'Coach' }]));
    expect(text(html)).toContain('Casey Coach (current)');
    expect(html).not.toContain('role="alert"');
    expect(text(html)).not.toContain('Try again');
  });
});
