import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkMailedTo } from './support/account-mail';
import { inviteThroughApi } from './support/invitations';
import { LOG_IN_HEADING, SIGN_UP_HEADING, newPerson, signUpAsClient, signUpAsCoach, signUpAsMember, type TestPerson } from './support/sign-up';
import { checkAtBothWidths } from './support/widths';

/**
 * The invitation a tab keeps for the sign-in round trip (lib/invitation-link.ts, decision 0030)
 * belongs to the person who opened the link. Someone who opened it but signed in another way and
 * left (logged out, or their session ended) must not hand it to the next person in that tab: the
 * next person signing up through "Client Signup / Login" sees the usual onboarding, and the coach's
 * invitation is still waiting for the person it was meant for. The one who opened it still finds it
 * on their own next sign-in. At 390 px and 1280 px, axe clean.
 */
async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
  return page;
}

/** A coach (name set, address confirmed) who has invited `invitee`; their page stays on /CoachDashboard. */
async function coachInviting(browser: Browser, invitee: TestPerson): Promise<{ coach: TestPerson; coachPage: Page }> {
  const coach = newPerson('Kim', `Keeper${Date.now()}`);
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  await expect(coachPage).toHaveURL(/\/CoachDashboard$/i);
  await inviteThroughApi(coachPage, invitee.email);
  return { coach, coachPage };
}

/** Opens the link mailed to `invitee` in `page`: /Client says who invites them, and keeps the link for the sign-in. */
async function openInvitation(page: Page, invitee: TestPerson, coach: TestPerson): Promise<void> {
  await page.goto(await linkMailedTo(invitee.email, 'invite'));
  await expect(page.getByRole('heading', { name: `${coach.firstName} ${coach.lastName} invites you to Bloom` })).toBeVisible();
}

/** The next person's onboarding: the usual screen (name, "Are you working with a coach?"), no invitation, at both widths. */
async function expectUsualOnboarding(page: Page, coach: TestPerson, what: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Bloom' })).toBeVisible();
  await expect(page.getByText('Are you working with a coach?')).toBeVisible();
  await expect(page.getByText(`${coach.firstName} ${coach.lastName} invites you to Bloom`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0);
  await checkAtBothWidths(page, what);
}

/** The coach's list still holds the invitation to `invitee`, not accepted by anybody. */
async function expectStillPending(coachPage: Page, invitee: TestPerson): Promise<void> {
  await coachPage.reload();
  const panel = coachPage.getByRole('region', { name: 'Invite a client' });
  const pending = panel.getByRole('list', { name: 'Invitations not yet accepted' });
  await expect(pending.getByRole('listitem').filter({ hasText: invitee.email.toLowerCase() })).toBeVisible();
}

test('an invitation opened by someone who then logs in as a member and logs out is not offered to the next person in the tab', async ({ browser }) => {
  test.setTimeout(150_000);
  const invitee = newPerson('Ines', `Invited${Date.now()}`);
  const { coach, coachPage } = await coachInviting(browser, invitee);

  const page = await newPage(browser);
  await openInvitation(page, invitee, coach);
  // The person signs in another way ("Member Log In"), so onboarding never accepts the link, then logs out.
  await signUpAsMember(page, newPerson('Alex', `Member${Date.now()}`));
  await page.goto('/Dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Someone else, same tab, signs up as a client.
  await signUpAsClient(page, newPerson('Blake', `Next${Date.now()}`));
  await expectUsualOnboarding(page, coach, 'onboarding after another person logged out');
  await expectStillPending(coachPage, invitee);
});

test('an invitation opened by a member already signed in, who logs out without accepting it, is not offered to the next person in the tab', async ({ browser }) => {
  test.setTimeout(150_000);
  const invitee = newPerson('Ines', `Opened${Date.now()}`);
  const { coach, coachPage } = await coachInviting(browser, invitee);

  const page = await newPage(browser);
  await signUpAsMember(page, newPerson('Alex', `Signed${Date.now()}`));
  // Signed in already, the person opens the link: no sign-in follows, so only the log-out can forget it.
  await openInvitation(page, invitee, coach);
  await page.goto('/Dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signUpAsClient(page, newPerson('Blake', `Then${Date.now()}`));
  await expectUsualOnboarding(page, coach, 'onboarding after a signed-in opener logged out');
  await expectStillPending(coachPage, invitee);
});

test('an invitation kept through one person’s sign-in is not offered to another person who signs in after their session ended; the first person still finds it', async ({ browser }) => {
  test.setTimeout(180_000);
  const invitee = newPerson('Ines', `Kept${Date.now()}`);
  const { coach, coachPage } = await coachInviting(browser, invitee);

  const page = await newPage(browser);
  await openInvitation(page, invitee, coach);
  const first = newPerson('Alex', `First${Date.now()}`);
  await signUpAsMember(page, first);
  // The session ends without a log-out (it expired, say): Bloom's and the provider's cookies are gone, the tab stays.
  await page.context().clearCookies();

  // Another person signs up as a client in that tab: no invitation.
  await signUpAsClient(page, newPerson('Blake', `After${Date.now()}`));
  await expectUsualOnboarding(page, coach, 'onboarding after another person’s session ended');
  await expectStillPending(coachPage, invitee);

  // Whoever opens it and signs in is who it is kept for: signing in again after their session ended, they find it.
  const own = await newPage(browser);
  await openInvitation(own, invitee, coach);
  const opener = newPerson('Ines', `Opener${Date.now()}`);
  await signUpAsMember(own, opener);
  await own.context().clearCookies();
  await own.goto('/Client');
  await own.getByRole('button', { name: 'Client Signup / Login' }).first().click();
  await expect(own.getByRole('heading', { name: SIGN_UP_HEADING })).toBeVisible({ timeout: 20_000 });
  await own.getByRole('link', { name: 'Log in' }).click();
  await expect(own.getByRole('heading', { name: LOG_IN_HEADING })).toBeVisible();
  await own.getByLabel('E-mail address').fill(opener.email);
  await own.getByLabel('Password').fill(opener.password);
  await own.getByRole('button', { name: 'Log in' }).click();
  await expect(own).toHaveURL(/\/Client\/Onboarding$/i, { timeout: 20_000 });
  await expect(own.getByRole('heading', { level: 1, name: `${coach.firstName} ${coach.lastName} invites you to Bloom` })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Join' })).toBeVisible();
});
