import { questionsForTrack } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto';
import { person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { parseCsv } from './support/csv';

/**
 * The research export's order of people (decision 0026, review of 2026-11-27). User ids begin with
 * the time of sign-up (UUIDv7): rows in user-id order would follow sign-up order, and anyone who
 * knows who signed up when could tell who is who. Each export draws its own order.
 */
const ADMIN_EMAIL = 'order-admin@bloom.test';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(async () => {
  await server?.close();
});

const PEOPLE = 12;
const rapid = questionsForTrack('Rapid');

/** Person `index` (in sign-up order) answers the first two items with index's two base-5 digits, so the export says who is who. */
async function seedPeopleInSignUpOrder(): Promise<void> {
  const db = server.database.db;
  for (let index = 0; index < PEOPLE; index++) {
    const userId = newId();
    const at = new Date(Date.UTC(2026, 0, 1, 9, index)).toISOString();
    await db
      .insertInto('users')
      .values({ id: userId, issuer: 'test-issuer', subject: userId, user_name: `order-${index}@bloom.test`, email: `order-${index}@bloom.test`, first_name: 'Ola', last_name: `Order${index}`, is_guest: 0, coach_status: 'none', coach_id: null, group_id: null, research_opt_in: 1, access_pre_granted: 0, last_visited_route: null, referrer: null, merged_into: null, created_at: at, updated_at: at })
      .execute();
    for (const taken of [0, 1]) {
      const id = newId();
      const created = new Date(Date.UTC(2026, 0, 1 + 10 * taken, 9, index)).toISOString();
      await db.insertInto('assessments').values({ id, user_id: userId, is_ninety_item: 0, coach_access_granted: 0, client_access_granted: 0, created_at: created, completed_at: created }).execute();
      const digits = [Math.floor(index / 5), index % 5];
      await db
        .insertInto('responses')
        .values(rapid.map((q, i) => ({ assessment_id: id, question_guid: q.questionGuid, response: i < 2 ? digits[i]! : 2, order_index: q.order, updated_at: created })))
        .execute();
    }
  }
}

describe('the research export’s order of people', () => {
  it('is drawn at random for each export, never sign-up order, and keeps each person’s rows together in the order taken', async () => {
    await seedPeopleInSignUpOrder();
    const admin = await person(server, { email: ADMIN_EMAIL });
    const orders: number[][] = [];
    for (let exportNumber = 0; exportNumber < 2; exportNumber++) {
      const response = await admin.client.get('/api/admin/ExportResearchData');
      expect(response.status).toBe(200);
      const [header, ...rows] = parseCsv(response.text);
      const column = (name: string) => header!.indexOf(name);
      const [first, second] = rapid.slice(0, 2).map((q) => header!.indexOf(`rapid_${q.module.toLowerCase()}_${String(q.order).padStart(2, '0')}`));
      expect(first).toBeGreaterThan(-1);
      expect(second).toBeGreaterThan(-1);
      const people = rows.map((row) => Number(row[first!]) * 5 + Number(row[second!]));
      // Each person's two rows are together, numbered 1 and 2, ten days apart.
      for (let i = 0; i < rows.length; i += 2) {
        expect(people[i]).toBe(people[i + 1]);
        expect([rows[i]![column('assessment_number')], rows[i + 1]![column('assessment_number')]]).toEqual(['1', '2']);
        expect(rows[i + 1]![column('days_since_first_assessment')]).toBe('10');
      }
      const order = people.filter((_, i) => i % 2 === 0);
      expect([...order].sort((a, b) => a - b)).toEqual([...Array(PEOPLE).keys()]);
      orders.push(order);
    }
    // 12 people: the chance of a random order being sign-up order is 1 in 479,001,600.
    for (const order of orders) expect(order).not.toEqual([...Array(PEOPLE).keys()]);
    expect(orders[0]).not.toEqual(orders[1]);
  });
});
