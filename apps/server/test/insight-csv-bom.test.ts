import { INSIGHT_CSV_COLUMNS } from '@bloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coach, newOrganization, person, type Person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { parseCsv } from './support/csv';

/**
 * The coach's bloom-groups.csv starts with a UTF-8 byte-order mark, so a spreadsheet (Excel)
 * reads organization and group names in any script as UTF-8 instead of the system code page;
 * the admin's data.csv has none (decision 0007). Read as bytes: fetch's text() drops a BOM.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'admin@bloom.test' });
});
afterAll(async () => {
  await server?.close();
});

const BOM = [0xef, 0xbb, 0xbf];

async function bytesOf(who: Person, path: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const cookie = [...who.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(path, who.client.baseUrl), { headers: { cookie } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}
const decoded = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);

describe('GET /api/coach/ExportInsightCsv', () => {
  it('starts with the UTF-8 byte-order mark, then the header row; names in any script come out as written', async () => {
    const owner = await coach(server);
    const { organizationGuid } = await newOrganization(owner, 'Zürich 🌸');
    expect(organizationGuid).toBeTruthy();

    const { status, headers, bytes } = await bytesOf(owner, '/api/coach/ExportInsightCsv');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe('attachment; filename="bloom-groups.csv"');
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    const text = decoded(bytes);
    expect(text.startsWith(`\uFEFF${INSIGHT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    // One mark only, and the rows after it read as before.
    expect(text.indexOf('\uFEFF', 1)).toBe(-1);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...INSIGHT_CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toContain('Zürich 🌸');
  });
});

describe('GET /api/data/ExportCsv', () => {
  it('has no byte-order mark (decision 0007): it starts with the header row', async () => {
    const admin = await person(server, { email: 'admin@bloom.test' });
    const { status, bytes } = await bytesOf(admin, '/api/data/ExportCsv');
    expect(status).toBe(200);
    expect(decoded(bytes).startsWith('assessment_id,user_id,')).toBe(true);
  });
});
