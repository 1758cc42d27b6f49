import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { moveSaved, zone } from './support/client-board';
import { onboardClientWithCoach } from './support/invitations';
import { newPerson, signUpAsCoach } from './support/sign-up';

/**
 * Dragging a client onto a group low on the screen drops it there (issue 23 §6). The page used
 * to auto-scroll under a pointer held in the lower fifth of the window, so the drop landed in a
 * group further down (client-management/logic/auto-scroll.ts).
 */
for (const width of [390, 1280]) {
  test(`a client dragged onto a group near the bottom of the window lands in that group (${width} px)`, async ({ browser }) => {
    test.setTimeout(150_000);
    const coach = newPerson('Casey', `Dragger${width}`);
    const client = newPerson('Dana', `Drop${width}`);
    const coachPage = await newPage(browser, width);
    await signUpAsCoach(coachPage, coach);
    await onboardClientWithCoach(await newPage(browser, width), client, coach, coachPage);

    await coachPage.goto('/ClientManagement');
    for (const [organization, groups] of [['Acme Health', ['Alpha', 'Beta', 'Gamma', 'Delta']], ['Zenith Care', ['Omega']]] as const) {
      await coachPage.getByPlaceholder('Enter organization name').fill(organization);
      await coachPage.getByRole('button', { name: 'Add Organization' }).click();
      const card = coachPage.getByRole('article', { name: organization });
      for (const group of groups) {
        await card.getByPlaceholder('Enter group name').fill(group);
        await card.getByRole('button', { name: 'Add Group' }).click();
        await expect(zone(coachPage, group)).toBeVisible();
      }
    }
    await coachPage.waitForLoadState('networkidle');
    await expectNoAxeViolations(coachPage);

    const beta = zone(coachPage, 'Beta');
    const card = coachPage.getByTestId('client-card').filter({ hasText: `Dana Drop${width}` });
    await card.scrollIntoViewIfNeeded();
    const from = (await card.boundingBox())!;
    await coachPage.mouse.move(from.x + 30, from.y + from.height / 2);
    await coachPage.mouse.down();
    await coachPage.mouse.move(from.x + 40, from.y + from.height / 2 + 12, { steps: 3 });
    // Scroll so that Beta's middle sits low in the window (88% down), where people drop onto it.
    await beta.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      window.scrollBy(0, rect.top + rect.height / 2 - window.innerHeight * 0.88);
    });
    const target = (await beta.boundingBox())!;
    await coachPage.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
    // Hold still for a moment, as a person does before letting go: the page must not move beneath the pointer.
    await coachPage.waitForTimeout(800);
    await expect(beta).toHaveAttribute('data-over', 'true');
    const saved = moveSaved(coachPage);
    await coachPage.mouse.up();

    await expect(beta.getByText(`Dana Drop${width}`, { exact: true })).toBeVisible();
    expect((await saved).ok()).toBe(true);
    await coachPage.reload();
    await expect(zone(coachPage, 'Beta').getByText(`Dana Drop${width}`, { exact: true })).toBeVisible();
    for (const other of ['Gamma', 'Delta', 'Omega', 'Independent Clients']) {
      await expect(zone(coachPage, other).getByText(`Dana Drop${width}`, { exact: true })).toHaveCount(0);
    }
  });
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}


/**
 * The keyboard's ways of moving a client: choosing in the "Move to" list moves nothing (Chrome on
 * Windows and Linux changes a closed list's value on every arrow key) until Move is pressed; after
 * a move, by the list or by dragging with the keyboard, focus is on the same control of the card
 * in its new group and the move is announced. What the server refuses is said, and nothing moves.
 */
test('a client is moved with the keyboard, focus follows the card, and refused changes are said', async ({ browser }) => {
  test.setTimeout(150_000);
  const coach = newPerson('Kim', 'Keys');
  const client = newPerson('Lee', 'Listbox');
  const name = `${client.firstName} ${client.lastName}`;
  const coachPage = await newPage(browser, 1280);
  await signUpAsCoach(coachPage, coach);
  await onboardClientWithCoach(await newPage(browser, 1280), client, coach, coachPage);

  const page = coachPage;
  await page.goto('/ClientManagement');
  await page.getByPlaceholder('Enter organization name').fill('Acme Health');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  const acme = page.getByRole('article', { name: 'Acme Health' });
  for (const group of ['Alpha', 'Beta']) {
    await acme.getByPlaceholder('Enter group name').fill(group);
    await acme.getByRole('button', { name: 'Add Group' }).click();
    await expect(zone(page, group)).toBeVisible();
  }
  const card = (where: string) => zone(page, where).getByTestId('client-card').filter({ hasText: name });
  const moveList = (where: string) => card(where).getByRole('combobox', { name: `Move ${name} to` });
  const status = page.locator('p[role="status"]').filter({ hasText: /moved to/ });

  // Arrow keys on the list only choose.
  await moveList('Independent Clients').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(card('Independent Clients')).toHaveCount(1);
  await expect(moveList('Independent Clients')).toBeFocused();

  // Move moves, and focus stays with the client.
  // The list names the groups under their organization's heading, so the closed list shows the group.
  await moveList('Independent Clients').selectOption({ label: 'Move to: Alpha' });
  await expect(moveList('Independent Clients').locator('optgroup[label="Acme Health"] option:checked')).toHaveText('Move to: Alpha');
  await card('Independent Clients').getByRole('button', { name: `Move ${name}`, exact: true }).press('Enter');
  await expect(card('Alpha')).toHaveCount(1);
  await expect(moveList('Alpha')).toBeFocused();
  await expect(moveList('Alpha').locator('option:checked')).toHaveText('Alpha');
  // On a phone the list has a line of its own, the card's width, so "Move to: …" is not cut short
  // (it was 182 px: the room kept beside Move and X for the floating button was kept beside it too).
  await page.setViewportSize({ width: 390, height: 900 });
  const [list, whole] = [await moveList('Alpha').boundingBox(), await card('Alpha').boundingBox()];
  expect(list!.width, `the list is ${list!.width} px wide on a card of ${whole!.width} px`).toBeGreaterThanOrEqual(whole!.width - 2 * 13 - 1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(status).toHaveText(`${name} moved to Acme Health — Alpha.`);

  // Dragged with the keyboard from its handle: focus stays on the handle, in the new group.
  const handle = (where: string) => card(where).getByRole('button', { name: `Drag ${name}` });
  await handle('Alpha').focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${name} is over Acme Health — Alpha.`)).toBeAttached();
  // Each arrow press jumps one zone (or first scrolls the page towards it); the live region says where the client is.
  const overBeta = page.getByText(`${name} is over Acme Health — Beta.`);
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(overBeta).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(card('Beta')).toHaveCount(1);
  await expect(handle('Beta')).toBeFocused();
  await expect(status).toHaveText(`${name} moved to Acme Health — Beta.`);

  /** Asks to move the client from Beta to Independent Clients, which fails: said on the card, which stays in Beta with focus. */
  const refusedMove = async () => {
    await moveList('Beta').selectOption({ label: 'Move to: Independent Clients' });
    await card('Beta').getByRole('button', { name: `Move ${name}`, exact: true }).click();
    await expect(card('Beta').getByRole('alert')).toHaveText(`${name} could not be moved. Nothing was changed. Please try again.`);
    await expect(moveList('Beta')).toBeFocused();
    await expect(card('Independent Clients')).toHaveCount(0);
  };

  // A move the server refuses: said on the card, which stays where it was, with focus.
  await page.route('**/api/coach/AssignUserToNewGroup/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }));
  await refusedMove();
  await page.unroute('**/api/coach/AssignUserToNewGroup/**');

  // The server out of reach: the move and the reload after it both fail, and the card is put back all the same.
  const boardReads = /\/api\/coach\/(GetOrganizationsByCoach|GetClientsWithNoOrg)(\?|$)/i;
  await page.route(boardReads, (route) => route.abort('internetdisconnected'));
  await page.route('**/api/coach/AssignUserToNewGroup/**', (route) => route.abort('internetdisconnected'));
  await refusedMove();
  await page.unroute('**/api/coach/AssignUserToNewGroup/**');

  // "Grant all?" refused, the reload failing too: said on the card, the box back as it was.
  await page.route('**/api/coach/SetUserAccessPreGranted/**', (route) => route.fulfill({ status: 503, body: '' }));
  await card('Beta').getByRole('checkbox').click();
  await expect(card('Beta').getByRole('alert')).toHaveText('Your request could not be saved. Nothing was changed. Please try again.');
  await expect(card('Beta').getByRole('checkbox')).not.toBeChecked();
  await expect(card('Beta').getByText('Requested', { exact: true })).toHaveCount(0);
  await page.unroute('**/api/coach/SetUserAccessPreGranted/**');
  await page.unroute(boardReads);

  // A deletion refused keeps its dialog open and says so.
  await page.route('**/api/coach/UnassignCoachFromUser/**', (route) => route.fulfill({ status: 503, body: '' }));
  const removeBeta = card('Beta').getByRole('button', { name: /^X/ });
  await removeBeta.click();
  const dialog = page.getByRole('alertdialog');
  // The dialog loads on the first deletion asked for (decision 0041), and takes the focus all the same.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That did not work. Nothing was deleted. Please try again.');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card('Beta')).toHaveCount(1);
  // Closed, it gives the focus back to the button that opened it.
  await expect(removeBeta).toBeFocused();
  await page.unroute('**/api/coach/UnassignCoachFromUser/**');

  // Adding that fails on the server is said under the field; a name of only dots is not sent at all.
  await page.route('**/api/organization/AddNewOrganization/**', (route) => route.fulfill({ status: 500, body: '' }));
  const organizationName = page.getByRole('textbox', { name: 'Enter organization name' });
  await organizationName.fill('Zenith Care');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That did not work. Nothing was added. Please try again.' })).toBeVisible();
  await expect(organizationName).toHaveValue('Zenith Care');
  await page.unroute('**/api/organization/AddNewOrganization/**');
  let sent = false;
  page.on('request', (request) => {
    if (/\/api\/organization\//i.test(request.url()) && request.method() === 'POST') sent = true;
  });
  await organizationName.fill(' .. ');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An organization name cannot be only dots.' })).toBeVisible();
  await acme.getByPlaceholder('Enter group name').fill('.');
  await acme.getByRole('button', { name: 'Add Group' }).click();
  await expect(acme.getByRole('alert').filter({ hasText: 'A group name cannot be only dots.' })).toBeVisible();
  expect(sent).toBe(false);
  // Three dots are an ordinary name, and reach the server as one.
  await organizationName.fill('...');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  await expect(page.getByRole('article', { name: '...' })).toBeVisible();
});
