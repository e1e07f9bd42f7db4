/**
 * Issue #5 item 11, personal canvases: create, rename (header and sidebar), delete with the
 * popup, the online-users popup when alone, the backdrop kept after a reload, and 'Not
 * allowed!' for someone else's canvas. axe-core runs on each screen as it is reached.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  checkActorsAfterEach,
  createCanvas,
  expectAccessible,
  expectToast,
  launchChromium,
  newUser,
  openActor,
  pathOf,
  signUp,
  whiteboard,
} from './support';
import type { Actor } from './support';
import { tokenOf } from './serverAccess';

const DELETE_TEXT =
  'Are you sure you want to delete your canvas? All of your data will be permanently removed. This action cannot be undone.';

function title(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

async function titleText(page: Page): Promise<string> {
  return ((await title(page).first().textContent()) ?? '').trim();
}

/** Opens one of the user's canvases and waits for the signed-in header with its name. */
async function openOwnCanvas(page: Page, id: string): Promise<void> {
  await page.goto(`/canvas/${id}`);
  await whiteboard(page).waitFor();
  await page.getByRole('button', { name: 'Edit name' }).waitFor();
  await expect.poll(() => titleText(page)).not.toBe('Canvas');
}

describe('personal canvases', () => {
  let browser: Browser;
  let owner: Actor;
  let stranger: Actor | undefined;
  let first = '';
  let second = '';

  beforeAll(async () => {
    browser = await launchChromium();
    owner = await openActor(browser);
    await signUp(owner.page, newUser('owner'));
  });

  checkActorsAfterEach(
    () => ({ owner, stranger }),
    () => browser,
  );

  it('creates canvases from All Canvases and lists them newest first', async () => {
    const { page } = owner;
    await page.goto('/canvases');
    await expect
      .poll(() => page.getByText('You have no canvases yet. Create one to start drawing.').count())
      .toBe(1);
    await expectAccessible(page, 'All Canvases (empty)');

    first = await createCanvas(page);
    await expect.poll(() => titleText(page)).not.toBe('');
    const firstName = await titleText(page);
    await expectAccessible(page, 'canvas');
    second = await createCanvas(page);
    const secondName = await titleText(page);
    expect(second).not.toBe(first);

    await page.goto('/canvases');
    const cards = page.getByRole('main').getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.nth(0).textContent()).toContain(secondName);
    expect(await cards.nth(1).textContent()).toContain(firstName);
    await expectAccessible(page, 'All Canvases');

    // By its place, not its name: two generated names can be the same.
    await cards.nth(1).getByRole('link').click();
    await expect.poll(() => pathOf(page)).toBe(`/canvas/${first}`);
  });

  it('renames from the header: the editor opens focused and prefilled; Cancel keeps the name', async () => {
    const { page } = owner;
    await openOwnCanvas(page, second);
    const before = await titleText(page);

    await page.getByRole('button', { name: 'Edit name' }).click();
    const input = page.getByRole('textbox', { name: 'Canvas name' });
    expect(await input.inputValue()).toBe(before);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Canvas name',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => titleText(page)).toBe(before);

    await page.getByRole('button', { name: 'Edit name' }).click();
    await input.fill('Header rename');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Canvas name Updated Successfully');
    await expect.poll(() => titleText(page)).toBe('Header rename');
  });

  it('renames from the sidebar', async () => {
    const { page } = owner;
    const sidebar = page.getByRole('complementary', { name: 'Your canvases' });
    await sidebar.getByRole('button', { name: 'Rename Header rename' }).click();
    await sidebar
      .getByRole('textbox', { name: 'New name for Header rename' })
      .fill('Sidebar rename');
    await sidebar.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Canvas name Updated Successfully');
    await expect.poll(() => sidebar.getByRole('link', { name: /Sidebar rename/ }).count()).toBe(1);
    await expect.poll(() => titleText(page)).toBe('Sidebar rename');
  });

  it('deletes through the Delete Canvas popup; Cancel only closes it', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Delete canvas' }).click();
    const popup = page.getByRole('dialog', { name: 'Delete Canvas' });
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.getByText(DELETE_TEXT, { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'Delete Canvas popup');

    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => popup.count()).toBe(0);
    expect(pathOf(page)).toBe(`/canvas/${second}`);

    await page.getByRole('button', { name: 'Delete canvas' }).click();
    await popup.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Canvas deleted Successfully');
    await expect.poll(() => pathOf(page)).toBe('/canvases');
    await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBe(1);
    expect(await page.getByRole('link', { name: /Sidebar rename/ }).count()).toBe(0);
  });

  it("shows '*No one is Online.' in All Online Users when alone", async () => {
    const { page } = owner;
    await openOwnCanvas(page, first);
    await page.getByRole('button', { name: /Online users/ }).click();
    const popup = page.getByRole('dialog', { name: 'All Online Users' });
    await expect.poll(() => popup.getByText('*No one is Online.').isVisible()).toBe(true);
    await expectAccessible(page, 'All Online Users popup');
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => popup.count()).toBe(0);
  });

  it('keeps the backdrop choice after a reload', async () => {
    const { page } = owner;
    const button = page.getByRole('button', { name: /^Change backdrop/ });
    const initial = await button.getAttribute('aria-label');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-label')).not.toBe(initial);
    const chosen = await button.getAttribute('aria-label');

    await page.reload();
    await whiteboard(page).waitFor();
    await expect.poll(() => button.getAttribute('aria-label')).toBe(chosen);
  });

  it("someone else cannot edit or delete the canvas: 'Canvas not found.' with no actions, and the server refuses both", async () => {
    stranger = await openActor(browser);
    const { page } = stranger;
    await signUp(page, newUser('stranger'));
    await page.goto(`/canvas/${first}`);
    await page.getByRole('heading', { name: 'Canvas not found.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit name' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete canvas' }).count()).toBe(0);

    // The calls themselves, as a script would send them with the stranger's session.
    const token = await tokenOf(page);
    for (const [route, body] of [
      [`/canvas/updatecanvasname/${first}`, { name: 'Taken over' }],
      [`/canvas/deletecanvas/${first}`, {}],
    ] as const) {
      const answer = await page.request.post(route, {
        headers: { 'auth-token': token },
        data: body,
      });
      expect(answer.ok(), `${route} answered ${answer.status()}`).toBe(false);
      expect(((await answer.json()) as { success: boolean }).success).toBe(false);
    }

    await owner.page.goto('/canvases');
    await expect.poll(() => owner.page.getByRole('main').getByRole('listitem').count()).toBe(1);
  });
});
