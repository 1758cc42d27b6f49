import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkMailedTo } from './support/account-mail';
import { LONG_DATE_PATTERN, longDateToday } from './support/dates';
import { inviteThroughApi, signUpThroughInvitation } from './support/invitations';
import { createAccount, newPerson, signUpAsClient, signUpAsCoach, type TestPerson } from './support/sign-up';
import { checkAtBothWidths } from './support/widths';

/**
 * Coach invitations (issue 25 §4, decision 0030), as people click them. A coach creates an
 * organization and a group, invites an address into that group from the dashboard; the person
 * opens the mailed link, signs up through it, passes the onboarding screen, is told whose client
 * they now are, and shows up in that group on the coach's dashboard. A second invitation is
 * resent (the old link then says it no longer works) and withdrawn (the same for the new link).
 * At 390 px and 1280 px, axe clean.
 */
async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
  return page;
}

/** The onboarding form's two name fields, filled with the person's names. */
async function fillName(page: Page, person: TestPerson): Promise<void> {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
}

/** The coach signed up in a context of their own, with one organization holding one group (Client Management). */
async function coachWithGroup(browser: Browser, coach: TestPerson, organization: string, group: string): Promise<Page> {
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  await expect(coachPage).toHaveURL(/\/CoachDashboard$/i);
  await coachPage.goto('/ClientManagement');
  await coachPage.getByPlaceholder('Enter organization name').fill(organization);
  await coachPage.getByRole('button', { name: 'Add Organization' }).click();
  const card = coachPage.getByRole('article', { name: organization });
  await card.getByPlaceholder('Enter group name').fill(group);
  await card.getByRole('button', { name: 'Add Group' }).click();
  await expect(card.getByText(group)).toBeVisible();
  return coachPage;
}

test('a coach invites into a group; the person signs up through the link and lands in that group; resend and withdraw', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const coach = newPerson('Casey', `Inviter${stamp}`);
  const client = newPerson('Robin', `Invited${stamp}`);
  const other = newPerson('Sam', `Later${stamp}`);

  // The coach signs up and creates an organization with a group in Client Management.
  const coachPage = await coachWithGroup(browser, coach, 'Acme Health', 'Team A');

  // The dashboard's form: the address is required, then the invitation goes out into Team A.
  await coachPage.goto('/CoachDashboard');
  const panel = coachPage.getByRole('region', { name: 'Invite a client' });
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  await expect(panel.getByText('Enter the e-mail address of the person to invite.')).toBeVisible();
  await expect(panel.getByLabel('E-mail address')).toBeFocused();
  await panel.getByLabel('E-mail address').fill(client.email);
  await panel.getByLabel('First name (optional)').fill(client.firstName);
  await panel.getByLabel('Organization (optional)').selectOption({ label: 'Acme Health' });
  await panel.getByLabel('Group (optional)').selectOption({ label: 'Team A' });
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Invitation sent to ${client.email.toLowerCase()}.`);
  const pending = panel.getByRole('list', { name: 'Invitations not yet accepted' });
  const first = pending.getByRole('listitem').filter({ hasText: client.email.toLowerCase() });
  await expect(first).toContainText('Joins Acme Health, Team A');
  // Long dates, as everywhere in the app: "Sent November 26, 2026, expires December 10, 2026".
  await expect(first).toContainText(new RegExp(`Sent ${longDateToday()}, expires ${LONG_DATE_PATTERN}`));
  await checkAtBothWidths(coachPage, 'the coach dashboard with an invitation');

  // The person opens the mailed link: who invites them and where, then signs up and joins.
  const clientPage = await newPage(browser);
  await clientPage.goto(await linkMailedTo(client.email, 'invite'));
  await expect(clientPage.getByRole('heading', { name: `Casey ${coach.lastName} invites you to Bloom` })).toBeVisible();
  await expect(clientPage.getByText(`You will join as Casey ${coach.lastName}’s client, in Acme Health, Team A.`)).toBeVisible();
  await checkAtBothWidths(clientPage, 'the invitation on /Client');
  await signUpThroughInvitation(clientPage, client, coach);
  await expect(clientPage.getByText('You joined Acme Health, Team A.')).toBeVisible();
  await checkAtBothWidths(clientPage, 'You are now a client of …');
  await clientPage.getByRole('button', { name: 'Start your assessment' }).click();
  await expect(clientPage).toHaveURL(/\/Pro\/Experiences$/i, { timeout: 20_000 });

  // The coach's dashboard shows the client in Team A of Acme Health; the invitation is no longer pending.
  await coachPage.reload();
  // (Its sections load their clients once near the screen, so scroll there first.)
  const team = coachPage.getByRole('heading', { level: 3, name: /^Team A 1 client$/ });
  await expect(coachPage.getByRole('heading', { level: 2, name: /^Acme Health 1 client$/ })).toBeVisible();
  await team.scrollIntoViewIfNeeded();
  await expect(team).toBeVisible();
  await expect(coachPage.getByText(`${client.firstName} ${client.lastName}`, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText('No invitations waiting to be accepted.')).toBeVisible();

  // A second invitation, independent; resending replaces its link.
  await panel.getByLabel('E-mail address').fill(other.email);
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  const second = pending.getByRole('listitem').filter({ hasText: other.email.toLowerCase() });
  await expect(second).toContainText('Independent client');
  const oldLink = await linkMailedTo(other.email, 'invite');
  await second.getByRole('button', { name: `Resend the invitation to ${other.email.toLowerCase()}` }).click();
  await expect(panel.getByRole('status')).toHaveText(`A new link was sent to ${other.email.toLowerCase()}; the old one no longer works.`);
  const newLink = await linkMailedTo(other.email, 'invite', [oldLink]);
  expect(newLink).not.toBe(oldLink);

  const otherPage = await newPage(browser);
  await otherPage.goto(oldLink);
  await expect(otherPage.getByText(/This invitation link no longer works/)).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Client Signup / Login' }).first()).toBeVisible();

  // Withdrawing asks first; then the new link says the same, and the list is empty again.
  await second.getByRole('button', { name: `Withdraw the invitation to ${other.email.toLowerCase()}` }).click();
  const confirm = coachPage.getByRole('alertdialog', { name: 'Withdraw this invitation?' });
  await expect(confirm).toBeVisible();
  await checkAtBothWidths(coachPage, 'the withdraw dialog');
  await confirm.getByRole('button', { name: 'Withdraw invitation' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText(`The invitation to ${other.email.toLowerCase()} was withdrawn.`);
  await expect(panel.getByText('No invitations waiting to be accepted.')).toBeVisible();

  await otherPage.goto(newLink);
  await expect(otherPage.getByText(/This invitation link no longer works/)).toBeVisible();
  await checkAtBothWidths(otherPage, 'a withdrawn invitation on /Client');
});

test('a coach who has not confirmed their address is told to, and nothing is sent (decision 0068)', async ({ browser }) => {
  const coach = newPerson('Unconfirmed', `Coach${Date.now()}`);
  const coachPage = await newPage(browser);
  await coachPage.goto('/Coach');
  await coachPage.getByRole('button', { name: 'Signup / Login' }).click();
  await createAccount(coachPage, coach);
  await expect(coachPage).toHaveURL(/\/(CoachDashboard|Coach\/Name)$/i, { timeout: 20_000 });
  await coachPage.goto('/CoachDashboard');
  const panel = coachPage.getByRole('region', { name: 'Invite a client' });
  const invitee = newPerson('Never', 'Invited');
  await panel.getByLabel('E-mail address').fill(invitee.email);
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  await expect(panel.getByText(/Confirm your e-mail address before inviting clients/)).toBeVisible();
  await expect(panel.getByText('No invitations waiting to be accepted.')).toBeVisible();
  await checkAtBothWidths(coachPage, 'an unconfirmed coach asked to confirm first');
});

/**
 * The onboarding screen from the keyboard (WCAG 3.3.1, 3.3.2). The invitation's Join is always
 * there: pressed with an empty last name (a sign-in provider that sent no family name), it sends
 * nothing, marks the name and takes the focus to it, its error read with it. The usual form's
 * Continue appears only once nothing is missing (spec 02 §5); until then a status line in its
 * place says what is still needed.
 */
test('keyboard: Join with an empty last name is there, says what is missing at the field and focuses it; filled, it joins', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const coach = newPerson('Casey', `Keys${stamp}`);
  const client = newPerson('Robin', `Typed${stamp}`);
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  await expect(coachPage).toHaveURL(/\/CoachDashboard$/i);
  await inviteThroughApi(coachPage, client.email);

  const page = await newPage(browser);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/(user\/SaveClientName|user\/AcceptInvitation)/i.test(request.url())) sent.push(request.url());
  });
  await page.goto(await linkMailedTo(client.email, 'invite'));
  await page.getByRole('button', { name: 'Client Signup / Login' }).first().click();
  await createAccount(page, client);
  await expect(page).toHaveURL(/\/Client\/Onboarding$/i, { timeout: 20_000 });
  const lastName = page.getByLabel('Last name');
  await lastName.fill('');
  await lastName.press('Tab');
  const join = page.getByRole('button', { name: 'Join' });
  await expect(join).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(lastName).toBeFocused();
  await expect(lastName).toHaveAttribute('required', '');
  await expect(page.getByLabel('First name')).toHaveAttribute('required', '');
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toHaveAccessibleDescription('Enter your last name.');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await checkAtBothWidths(page, 'Join pressed with an empty last name');

  await page.keyboard.type(client.lastName);
  await page.keyboard.press('Tab');
  await expect(join).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `You are now a client of Casey ${coach.lastName}` })).toBeVisible({ timeout: 20_000 });
});

test('keyboard: with the last name and group missing there is no Continue, and a status in its place names both; given, Continue appears and starts the assessment', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const coach = newPerson('Casey', `Grouper${stamp}`);
  const client = newPerson('Robin', `Chooser${stamp}`);
  const organization = `Keyboard Health ${stamp}`;
  await coachWithGroup(browser, coach, organization, 'Team K');

  const page = await newPage(browser);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/(user\/SaveClientName|coach\/AssignCoachToUser|organization\/AssignGroupToUser|user\/CreateNewAssessment)/i.test(request.url())) sent.push(request.url());
  });
  await signUpAsClient(page, client);
  const lastName = page.getByLabel('Last name');
  const proceed = page.getByRole('button', { name: 'Continue' });
  const instruction = page.locator('form').getByRole('status');
  await lastName.fill('');
  await expect(instruction).toHaveText('To continue, enter your last name and say whether you are working with a coach.');
  await expect(proceed).toHaveCount(0);

  // No: then the organization, from the keyboard; the instruction follows what is still missing.
  await lastName.press('Tab');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(instruction).toHaveText('To continue, enter your last name and choose your organization.');
  const organizationChoice = page.getByLabel('Your organization');
  await page.keyboard.press('Tab');
  await expect(organizationChoice).toBeFocused();
  await organizationChoice.selectOption({ label: organization });

  const groupChoice = page.getByLabel('Your group');
  await expect(groupChoice).toBeVisible();
  await expect(instruction).toHaveText('To continue, enter your last name and choose your group.');
  await expect(instruction).toBeVisible();
  await expect(proceed).toHaveCount(0);
  await expect(lastName).toHaveAttribute('required', '');
  await expect(page.getByLabel('First name')).toHaveAttribute('required', '');
  await expect(groupChoice).toHaveAttribute('required', '');
  // Nothing is marked wrong: nothing was refused, the instruction says what is needed.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  // Enter in a name field submits nothing (there is no submit button).
  await lastName.press('Enter');
  await expect(page).toHaveURL(/\/Client\/Onboarding$/i);
  await checkAtBothWidths(page, 'onboarding without a last name or a group');

  await lastName.focus();
  await page.keyboard.type(client.lastName);
  await expect(instruction).toHaveText('To continue, choose your group.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(groupChoice).toBeFocused();
  await groupChoice.selectOption({ label: 'Team K' });
  // Complete: the instruction goes (its status line stays, empty) and Continue appears.
  await expect(instruction).toHaveText('');
  await expect(page.getByText(/^To continue/)).toHaveCount(0);
  await expect(proceed).toBeVisible();
  expect(sent).toEqual([]);
  await checkAtBothWidths(page, 'onboarding complete, Continue shown');
  await page.keyboard.press('Tab');
  await expect(proceed).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });
});

/**
 * Offline on the usual onboarding form (DESIGN.md §11: results are never invented). Choosing No
 * asks for the organizations and their groups; offline both fail at once, and the list says so,
 * tied to it, with Try again, never "No organizations are available yet."; pressed offline, it
 * fails again and says so again. Back online, Try again lists the organization and gives the list
 * the focus; its group follows.
 */
test('offline: choosing No says the organizations could not be loaded, with Try again; back online, Try again lists them', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const coach = newPerson('Casey', `Offline${stamp}`);
  const client = newPerson('Robin', `Unreached${stamp}`);
  const organization = `Offline Health ${stamp}`;
  await coachWithGroup(browser, coach, organization, 'Team O');

  const page = await newPage(browser);
  await signUpAsClient(page, client);
  // The form is drawn (its code here) before the connection goes.
  await expect(page.getByRole('radio', { name: 'No' })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('radio', { name: 'No' }).check();
  const organizationChoice = page.getByLabel('Your organization');
  const failure = page.getByRole('alert');
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(failure).toHaveText('The organizations could not be loaded just now.');
  await expect(organizationChoice).toHaveAccessibleDescription('The organizations could not be loaded just now.');
  await expect(tryAgain).toBeVisible();
  await expect(page.getByText('No organizations are available yet.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await checkAtBothWidths(page, 'onboarding offline, the organizations not loaded');

  // Still offline, Try again fails again and says so again; the button keeps the focus.
  await tryAgain.click();
  await expect(failure).toHaveText('The organizations could not be loaded just now.');
  await expect(tryAgain).toBeFocused();

  // Back online, Try again lists them.
  await page.context().setOffline(false);
  await expect(failure).toHaveText('The organizations could not be loaded just now.');
  await tryAgain.click();
  await expect(organizationChoice.getByRole('option', { name: organization })).toHaveCount(1);
  await expect(failure).toHaveCount(0);
  await expect(tryAgain).toHaveCount(0);
  await expect(organizationChoice).toBeFocused();
  await organizationChoice.selectOption({ label: organization });
  await page.getByLabel('Your group').selectOption({ label: 'Team O' });
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await checkAtBothWidths(page, 'onboarding back online, the organizations listed');
});

/** The coach on `coachPage` deletes their group or organization of that name through the API, as another tab of theirs would. */
async function deleteThroughApi(coachPage: Page, organization: string, group?: string): Promise<void> {
  const status = await coachPage.evaluate(
    async ({ organization, group }) => {
      const post = (path: string) => fetch(path, { method: 'POST', headers: { 'x-bloom-csrf': '1' } });
      const list = (await (await fetch('/api/coach/GetOrganizationsByCoach')).json()) as { organizationGuid: string; organizationName: string; groups: { groupGuid: string; groupName: string }[] }[];
      const found = list.find((o) => o.organizationName === organization);
      if (!found) return 0;
      if (!group) return (await post(`/api/organization/DeleteOrganization/${found.organizationGuid}`)).status;
      const chosen = found.groups.find((g) => g.groupName === group);
      return chosen ? (await post(`/api/organization/DeleteGroup/${chosen.groupGuid}`)).status : 0;
    },
    { organization, group },
  );
  expect(status, `delete ${group ?? organization}`).toBe(200);
}

/**
 * Spec 02 §5: the group, then the organization, chosen on the onboarding form is deleted by its
 * coach before Continue. AssignGroupToUser answers 404; pressing Continue again could never help,
 * so the page reads the lists again, clears the choice that is gone, says so at its list (which
 * takes the focus) and the status line in Continue's place asks for a new choice.
 */
test('a group or organization deleted before Continue: the page says so at its list and asks for another, not to press Continue again', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const coach = newPerson('Casey', `Deleter${stamp}`);
  const client = newPerson('Robin', `Chooser${stamp}`);
  const organization = `Fading Health ${stamp}`;
  const coachPage = await coachWithGroup(browser, coach, organization, 'Evening Class');

  const page = await newPage(browser);
  await signUpAsClient(page, client);
  await fillName(page, client);
  await page.getByRole('radio', { name: 'No' }).check();
  const organizationChoice = page.getByLabel('Your organization');
  const groupChoice = page.getByLabel('Your group');
  const proceed = page.getByRole('button', { name: 'Continue' });
  const instruction = page.locator('form').getByRole('status');
  await organizationChoice.selectOption({ label: organization });
  await groupChoice.selectOption({ label: 'Evening Class' });
  await expect(proceed).toBeVisible();

  // The group goes; Continue finds it gone.
  await deleteThroughApi(coachPage, organization, 'Evening Class');
  await proceed.click();
  const groupGone = 'That group is no longer available. Please choose another.';
  await expect(page.getByText(groupGone)).toBeVisible();
  await expect(groupChoice).toBeFocused();
  await expect(groupChoice).toHaveAccessibleDescription(groupGone);
  await expect(groupChoice).toHaveValue('');
  await expect(groupChoice.getByRole('option', { name: 'Evening Class' })).toHaveCount(0);
  await expect(proceed).toHaveCount(0);
  await expect(instruction).toHaveText('To continue, choose your group.');
  await expect(page.getByText(/Please press Continue again/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/Client\/Onboarding$/i);
  await checkAtBothWidths(page, 'onboarding, the chosen group deleted');

  // Another group: the note goes; then the whole organization goes before Continue.
  await groupChoice.selectOption({ label: 'No Group' });
  await expect(page.getByText(groupGone)).toHaveCount(0);
  await deleteThroughApi(coachPage, organization);
  await proceed.click();
  const organizationGone = 'That organization is no longer available. Please choose another.';
  await expect(page.getByText(organizationGone)).toBeVisible();
  await expect(organizationChoice).toBeFocused();
  await expect(organizationChoice).toHaveAccessibleDescription(organizationGone);
  await expect(organizationChoice.getByRole('option', { name: organization })).toHaveCount(0);
  await expect(groupChoice).toHaveCount(0);
  await expect(proceed).toHaveCount(0);
  await expect(instruction).toHaveText('To continue, choose your organization.');
  await checkAtBothWidths(page, 'onboarding, the chosen organization deleted');
});

/**
 * A client whose coach leaves Bloom while the onboarding form is open: the form lists the client's
 * own coach (decision 0030), and the coach deletes their account before Continue.
 * AssignCoachToUser answers 404; the page reads the list again, clears the choice, says so at the
 * list (which takes the focus), and the status line asks for a coach: not the generic "did not
 * work, press Continue again", which could never help.
 */
test('a coach gone before Continue: the page says so at the coach list and asks for a coach, not to press Continue again', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const coach = newPerson('Casey', `Leaver${stamp}`);
  const client = newPerson('Robin', `Stayer${stamp}`);
  const organization = `Leaving Health ${stamp}`;
  const coachPage = await coachWithGroup(browser, coach, organization, 'Morning Class');

  // The client joins the coach's group, so the coach is theirs.
  const page = await newPage(browser);
  await signUpAsClient(page, client);
  await fillName(page, client);
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByLabel('Your organization').selectOption({ label: organization });
  await page.getByLabel('Your group').selectOption({ label: 'Morning Class' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });

  // Back on the form: Yes lists their coach.
  await page.goto('/Client/Onboarding');
  await fillName(page, client);
  await page.getByRole('radio', { name: 'Yes' }).check();
  const coachChoice = page.getByLabel('Your coach');
  const coachName = `${coach.firstName} ${coach.lastName}`;
  await coachChoice.selectOption({ label: coachName });
  const proceed = page.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeVisible();

  // The coach deletes their account, as from their privacy page in another tab.
  const deleted = await coachPage.evaluate(
    async () => (await fetch('/api/user/DeleteAccount', { method: 'POST', headers: { 'content-type': 'application/json', 'x-bloom-csrf': '1' }, body: JSON.stringify({ confirm: 'DELETE' }) })).status,
  );
  expect(deleted, 'DeleteAccount').toBe(200);

  await proceed.click();
  const coachGone = 'That coach is no longer available.';
  await expect(page.getByText(coachGone)).toBeVisible();
  await expect(coachChoice).toBeFocused();
  await expect(coachChoice).toHaveAccessibleDescription(new RegExp(coachGone.replace('.', '\\.')));
  await expect(coachChoice).toHaveValue('');
  await expect(coachChoice.getByRole('option', { name: coachName })).toHaveCount(0);
  await expect(proceed).toHaveCount(0);
  await expect(page.locator('form').getByRole('status')).toHaveText('To continue, choose your coach.');
  await expect(page.getByText(/Please press Continue again/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/Client\/Onboarding$/i);
  await checkAtBothWidths(page, 'onboarding, the chosen coach gone');
});

/**
 * Names of organizations are unique per coach only (decision 0007): two coaches' organizations of
 * the same name carry their coach's name in the list, and once one is chosen the form says whose
 * client the member will be (joining makes that coach theirs).
 */
test("two coaches' organizations of the same name: the list names each one's coach, and the chosen one's coach is named", async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const alice = newPerson('Alice', `Coachone${stamp}`);
  const bob = newPerson('Bob', `Coachtwo${stamp}`);
  const client = newPerson('Robin', `Twin${stamp}`);
  const organization = `Seed Org ${stamp}`;
  await coachWithGroup(browser, alice, organization, 'Seed Group');
  await coachWithGroup(browser, bob, organization, 'Seed Group');

  const page = await newPage(browser);
  await signUpAsClient(page, client);
  await fillName(page, client);
  await page.getByRole('radio', { name: 'No' }).check();
  const organizationChoice = page.getByLabel('Your organization');
  const aliceName = `${alice.firstName} ${alice.lastName}`;
  const bobName = `${bob.firstName} ${bob.lastName}`;
  await expect(organizationChoice.getByRole('option', { name: `${organization} (${aliceName})` })).toHaveCount(1);
  await expect(organizationChoice.getByRole('option', { name: `${organization} (${bobName})` })).toHaveCount(1);
  await expect(organizationChoice.getByRole('option', { name: organization, exact: true })).toHaveCount(0);

  await organizationChoice.selectOption({ label: `${organization} (${bobName})` });
  const clientOf = `You will be a client of ${bobName}.`;
  await expect(page.getByText(clientOf)).toBeVisible();
  await expect(organizationChoice).toHaveAccessibleDescription(clientOf);
  await page.getByLabel('Your group').selectOption({ label: 'Seed Group' });
  await checkAtBothWidths(page, 'onboarding, an organization of a repeated name chosen, its coach named');
  await organizationChoice.selectOption({ label: `${organization} (${aliceName})` });
  await expect(page.getByText(`You will be a client of ${aliceName}.`)).toBeVisible();
  await expect(page.getByText(clientOf)).toHaveCount(0);
});
