import { expect, type Page } from '@playwright/test';
import { confirmAddress } from './account-mail';

/**
 * Creating accounts through the embedded identity provider's sign-up form (apps/server/src/idp/views.ts).
 * Start a sign-in from the app (any "Log In" / "Signup / Login" button) so the browser is on the
 * provider's log-in page, then call `createAccount`.
 */
export interface TestPerson {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;

/** A person with a unique e-mail address (or the one given, e.g. a configured admin's). */
export function newPerson(firstName: string, lastName: string, email?: string): TestPerson {
  counter += 1;
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') || 'person';
  return { firstName, lastName, email: email ?? `${local}.${Date.now()}.${counter}@example.com`, password: 'calm-river-lotus-42' };
}

export const SIGN_UP_HEADING = 'Create your Bloom account';
export const LOG_IN_HEADING = 'Log in to Bloom';

/**
 * Fills the provider's "Create your Bloom account" form; the provider then returns to the app.
 * Buttons for newcomers open that form directly (prompt=create); log-in buttons open "Log in",
 * whose "Create your account" link leads to it.
 */
export async function createAccount(page: Page, person: TestPerson): Promise<void> {
  await expect(page).toHaveURL(/\/idp\//, { timeout: 20_000 });
  const logIn = page.getByRole('heading', { name: LOG_IN_HEADING });
  await expect(page.getByRole('heading', { name: SIGN_UP_HEADING }).or(logIn)).toBeVisible();
  if (await logIn.isVisible()) await page.getByRole('link', { name: 'Create your account' }).click();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Signs up as a coach from /Coach and confirms the address from the mail (a coach invites clients
 * only from a confirmed address, decision 0068); lands on /CoachDashboard (the provider gave both
 * names) or /Coach/Name, where the sign-up took them.
 */
export async function signUpAsCoach(page: Page, person: TestPerson): Promise<void> {
  await page.goto('/Coach');
  await page.getByRole('button', { name: 'Signup / Login' }).click();
  await createAccount(page, person);
  await expect(page).toHaveURL(/\/(CoachDashboard|Coach\/Name)$/i, { timeout: 20_000 });
  const landedOn = new URL(page.url()).pathname;
  await confirmAddress(page, person.email);
  await page.goto(landedOn);
}

/** Signs up as a coach and sets the name clients know them by (the checklist's first step); ends on /CoachDashboard. */
export async function signUpAsNamedCoach(page: Page, person: TestPerson): Promise<void> {
  await signUpAsCoach(page, person);
  await page.goto('/Coach/Name');
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/CoachDashboard$/i);
}

/** Signs up as a client from /Client; lands on /Client/Onboarding. */
export async function signUpAsClient(page: Page, person: TestPerson): Promise<void> {
  await page.goto('/Client');
  await page.getByRole('button', { name: 'Client Signup / Login' }).first().click();
  // Clients come to sign up: the provider opens on its sign-up form (issue 25 part 6).
  await expect(page.getByRole('heading', { name: SIGN_UP_HEADING })).toBeVisible({ timeout: 20_000 });
  await createAccount(page, person);
  await expect(page).toHaveURL(/\/Client\/Onboarding$/i, { timeout: 20_000 });
}

/** Signs up from the welcome page's "Member Log In"; a new member lands on /Rapid/Experiences. */
export async function signUpAsMember(page: Page, person: TestPerson): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Member Log In' }).first().click();
  await createAccount(page, person);
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });
}
