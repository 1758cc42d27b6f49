/** Server-side renders of a client's card in client management: its "Move to" list (spec 02 §4 "Drag and drop"). */
import type { ClientUser, OrganizationWithGroups } from '@bloom/contracts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import { zoneOptions, type ClientBoard } from '../logic/zones';
import { ClientCard } from './ClientCard';

const client = (id: string, firstName: string): ClientUser => ({ id, firstName, lastName: 'Li', userName: `${id}@example.com`, accessPreGranted: false, preGrantStatus: 'none' });
const organization = (guid: string, name: string, groups: string[]): OrganizationWithGroups => ({
  organizationGuid: guid,
  organizationName: name,
  groups: groups.map((group, index) => ({ groupGuid: `${guid}-g${index}`, groupName: group, isDefault: index === 0, users: guid === 'o1' && group === 'Evening' ? [client('u1', 'Chen')] : [] })),
});
const board: ClientBoard = {
  organizations: [organization('o1', 'Riverside Wellness Collective', ['No Group', 'Evening', 'Morning Team']), organization('o2', 'Harbour Clinic', ['No Group', 'Evening'])],
  independent: [],
};

function moveList(zone: string): string {
  const zones = zoneOptions(board, { independent: T.independentClients, group: T.groupOption });
  const html = renderToString(
    <ul>
      <ClientCard user={client('u1', 'Chen')} zone={zone} zones={zones} problem={null} focus={null} onFocused={() => {}} onMove={() => {}} onPreGrant={() => {}} onRemove={() => {}} />
    </ul>,
  );
  const select = /<select[^>]*>.*?<\/select>/s.exec(html)?.[0];
  expect(select, html).toBeDefined();
  return select!.replace(/ value="[^"]*"/g, '').replace(/<!-- -->/g, '');
}

describe('the "Move to" list of a client card', () => {
  it('lists each organization’s groups under its name, so the closed list shows the group (a review: every card read "Riverside Wellness Colle…")', () => {
    const select = moveList('o1|o1-g1');
    // The chosen option is the group the client is in, by its own name.
    expect(select).toContain('<option selected="">Evening</option>');
    expect(select).toContain(
      '<optgroup label="Riverside Wellness Collective"><option>Move to: No Group</option><option selected="">Evening</option><option>Move to: Morning Team</option></optgroup>',
    );
    // Two organizations with a group of the same name: each under its own heading.
    expect(select).toContain('<optgroup label="Harbour Clinic"><option>Move to: No Group</option><option>Move to: Evening</option></optgroup>');
    // Independent Clients stands on its own, first, as on the page; the other choices are all there.
    expect(select).toMatch(/^<select[^>]*><option>Move to: Independent Clients<\/option><optgroup/);
    expect(select.match(/<option/g)).toHaveLength(6);
    expect(select).not.toContain('—');
  });

  it('keeps the list’s name, and an independent client’s list starts at Independent Clients', () => {
    const select = moveList('no-org|no-group');
    expect(select).toContain('<option selected="">Independent Clients</option>');
    const zones = zoneOptions(board, { independent: T.independentClients, group: T.groupOption });
    const html = renderToString(
      <ul>
        <ClientCard user={client('u1', 'Chen')} zone="no-org|no-group" zones={zones} problem={null} focus={null} onFocused={() => {}} onMove={() => {}} onPreGrant={() => {}} onRemove={() => {}} />
      </ul>,
    );
    expect(html).toMatch(/<label[^>]*>Move Chen Li to<\/label>/);
  });
});
