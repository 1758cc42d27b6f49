import { expect, type Page } from '@playwright/test';
import { linkMailedTo } from './account-mail';
import { createAccount, type TestPerson } from './sign-up';

/**
 * Coach invitations (issue 25 §4) as the browser tests use them: coaches no longer appear in a
 * list to pick from (decision 0030), so a client joins their coach through the coach's mailed
 * link, as a person would.
 */

/** The coach (signed in on `coachPage`, name set) invites `email` through the API; placement optional. */
export async function inviteThroughApi(coachPage: Page, email: string, placement: { organizationId?: string; groupId?: string } = {}): Promise<void> {
  const status = await coachPage.evaluate(
    async (body) => (await fetch('/api/coach/InviteClient', { method: 'POST', headers: { 'content-type': 'application/json', 'x-bloom-csrf': '1' }, body: JSON.stringify(body) })).status,
    { email, ...placement },
  );
  expect(status, `InviteClient ${email}`).toBe(201);
}

/** Opens the invitation mailed to the client, signs them up through it and joins on the onboarding screen; ends on "You are now a client of …". */
export async function signUpThroughInvitation(page: Page, client: TestPerson, coach: TestPerson): Promise<void> {
  await page.goto(await linkMailedTo(client.email, 'invite'));
  await expect(page.getByRole('heading', { name: `${coach.firstName} ${coach.lastName} invites you to Bloom` })).toBeVisible();
  await page.getByRole('button', { name: 'Client Signup / Login' }).first().click();
  await createAccount(page, client);
  await expect(page).toHaveURL(/\/Client\/Onboarding$/i, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: `${coach.firstName} ${coach.lastName} invites you to Bloom` })).toBeVisible();
  await page.getByLabel('First name').fill(client.firstName);
  await page.getByLabel('Last name').fill(client.lastName);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `You are now a client of ${coach.firstName} ${coach.lastName}` })).toBeVisible({ timeout: 20_000 });
}

/** A client invited by the coach on `coachPage`, signed up and onboarded through the link; ends on /Pro/Experiences. */
export async function onboardClientWithCoach(page: Page, client: TestPerson, coach: TestPerson, coachPage: Page): Promise<void> {
  await inviteThroughApi(coachPage, client.email);
  await signUpThroughInvitation(page, client, coach);
  await page.getByRole('button', { name: 'Start your assessment' }).click();
  await expect(page).toHaveURL(/\/Pro\/Experiences$/i, { timeout: 20_000 });
}
