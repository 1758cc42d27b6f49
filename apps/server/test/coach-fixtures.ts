import { questionsForTrack } from '@bloom/domain';
import { expect } from 'vitest';
import { signInAs, type TestClient, type TestServer, type TestUserOptions } from './harness';

/** People and data for the coach-side API tests: coaches, their clients, finished assessments. */
export interface Person {
  client: TestClient;
  id: string;
  email: string | null;
}

export async function person(server: TestServer, options: TestUserOptions = {}): Promise<Person> {
  const client = server.client();
  const { id, email } = await signInAs(server, client, options);
  return { client, id, email };
}

export const coach = (server: TestServer, options: TestUserOptions = {}) =>
  person(server, { firstName: 'Casey', lastName: 'Coach', ...options, coachStatus: options.coachStatus ?? 'approved' });

export const clientOf = (server: TestServer, coachId: string, options: TestUserOptions = {}) =>
  person(server, { firstName: 'Robin', lastName: 'Client', ...options, coachId });

/** Starts an assessment through the API and answers every question; returns its id. */
export async function finishedAssessment(who: Person, type: 'Rapid' | 'Professional', answer: (index: number) => number = (i) => i % 5): Promise<string> {
  const created = await who.client.post<{ id: string }>(`/api/user/CreateNewAssessment/${type}`);
  expect(created.status).toBe(201);
  const answers = questionsForTrack(type).map((q, i) => ({ questionGuid: q.questionGuid, response: answer(i), order: q.order }));
  const saved = await who.client.post('/api/user/SaveQuestionResponse', answers);
  expect(saved.status).toBe(200);
  return created.body.id;
}

export async function newOrganization(who: Person, name: string): Promise<{ organizationGuid: string; defaultGroupGuid: string }> {
  const response = await who.client.post(`/api/organization/AddNewOrganization/${encodeURIComponent(name)}`);
  expect(response.status).toBe(201);
  return { organizationGuid: response.body.organizationGuid, defaultGroupGuid: response.body.groups[0].groupGuid };
}

export async function newGroup(who: Person, organizationGuid: string, name: string): Promise<string> {
  const response = await who.client.post(`/api/organization/AddNewGroup/${organizationGuid}/${encodeURIComponent(name)}`);
  expect(response.status).toBe(201);
  return response.body.groupGuid;
}
