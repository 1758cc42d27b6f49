import { expect, test, type Page, type Route } from '@playwright/test';
import { inviteThroughApi } from './support/invitations';
import { newPerson, signUpAsCoach } from './support/sign-up';
import { checkAtBothWidths } from './support/widths';

/**
 * A pending invitation's Resend and Withdraw say why the server refused, as the invite form does
 * (decision 0030): the daily limit says when to try again, an unconfirmed address says to confirm
 * it, a missing name says to set it, an accepted invitation says so; only a refusal Bloom has no
 * words for says "reload the page and try again". The refusals are the server's own envelopes,
 * answered here by the page's route so the test need not send 200 invitations.
 */
const refuse = (status: number, code: string, message: string, headers: Record<string, string> = {}) => (route: Route) =>
  route.fulfill({ status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ error: { code, message } }) });

const RESEND = '**/api/coach/ResendInvitation/**';
const WITHDRAW = '**/api/coach/WithdrawInvitation/**';

async function pressResend(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
}

test('Resend and Withdraw say what the refusal means, not "reload the page"', async ({ browser }) => {
  test.setTimeout(120_000);
  const coach = newPerson('Rae', `Refused${Date.now()}`);
  const invitee = newPerson('Ivy', `Pending${Date.now()}`);
  const email = invitee.email.toLowerCase();
  const page = await (await browser.newContext()).newPage();
  await signUpAsCoach(page, coach);
  await expect(page).toHaveURL(/\/CoachDashboard$/i);
  await inviteThroughApi(page, invitee.email);
  await page.reload();
  const panel = page.getByRole('region', { name: 'Invite a client' });
  const news = panel.getByRole('status');
  await expect(panel.getByRole('listitem').filter({ hasText: email })).toBeVisible();

  // The day's limit of invitations and resends (429 with Retry-After): when to try again.
  await page.route(RESEND, refuse(429, 'rate_limited', 'You have sent 200 invitations today.', { 'retry-after': '3600' }));
  await pressResend(page, email);
  await expect(news).toHaveText('You have sent many invitations today. Please try again tomorrow.');
  await checkAtBothWidths(page, 'a resend refused by the daily limit');

  // The coach's address not confirmed (403): confirm it first.
  await page.unroute(RESEND);
  await page.route(RESEND, refuse(403, 'coach_email_unconfirmed', 'Confirm your e-mail address.'));
  await pressResend(page, email);
  await expect(news).toContainText('Confirm your e-mail address before inviting clients');

  // A 409 that is not "accepted": the coach's name is missing, and the row says so rather than that the person joined.
  await page.unroute(RESEND);
  await page.route(RESEND, refuse(409, 'coach_name_missing', 'Set your name.'));
  await pressResend(page, email);
  await expect(news).toHaveText('Set the name shown to clients first: the invitation tells the person who invites them.');

  // Accepted meanwhile (409 invitation_used): the person is a client now.
  await page.route(WITHDRAW, refuse(409, 'invitation_used', 'Accepted.'));
  await page.getByRole('button', { name: `Withdraw the invitation to ${email}` }).click();
  await page.getByRole('alertdialog', { name: 'Withdraw this invitation?' }).getByRole('button', { name: 'Withdraw invitation' }).click();
  await expect(news).toHaveText('This invitation has just been accepted: the person is now your client.');

  // A refusal with no words of its own (a server fault) keeps the general sentence.
  await page.unroute(RESEND);
  await page.route(RESEND, refuse(500, 'internal_error', 'Something went wrong.'));
  await pressResend(page, email);
  await expect(news).toHaveText('That did not work. Please reload the page and try again.');
});
