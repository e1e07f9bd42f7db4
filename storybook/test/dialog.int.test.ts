// The modal dialog of packages/ui in Chromium, where <dialog>.showModal() is real: opened from a
// button it is modal (the page behind inert), Tab and Shift+Tab cycle inside it, Escape closes
// it and focus returns to the button; a press on the backdrop closes it too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openCatalogue } from './catalogue';
import { openStory } from './storyPage';

const catalogue = openCatalogue();

/** What has focus: its accessible name as the test reads it (label, aria-label or text). */
function focused(target: Page): Promise<string> {
  return target.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return '(body)';
    const label = active.closest('label')?.querySelector('.tb-field__label')?.textContent;
    return (
      active.getAttribute('aria-label') ?? label ?? active.textContent?.trim() ?? active.tagName
    );
  });
}

/** The Modal story whose button opens the dialog, opened, and the dialog opened from it. */
async function openDialog(): Promise<Page> {
  const { page } = catalogue;
  expect(await openStory(page, catalogue.origin, 'ui-modal--from-a-button')).toBe('rendered');
  await page.getByRole('button', { name: 'Rename…' }).click();
  await page.getByRole('dialog', { name: 'Rename the canvas' }).waitFor();
  return page;
}

describe('Modal in Chromium', () => {
  it('opens modal, with focus on its first field, and keeps Tab inside', async () => {
    const page = await openDialog();
    expect(await page.locator('dialog').evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
    expect(await focused(page)).toBe('Name');
    const forward: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      forward.push(await focused(page));
    }
    expect(forward).toEqual(['Cancel', 'Save', 'Close', 'Name', 'Cancel']);
    const backward: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await focused(page));
    }
    expect(backward).toEqual(['Name', 'Close', 'Save']);
    // The page behind is inert: its button takes no click while the dialog is open.
    expect(await page.evaluate(() => document.elementFromPoint(1, 1)?.tagName.toLowerCase())).toBe(
      'dialog',
    );
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const page = await openDialog();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Rename…');
  });

  it('closes on a press on the backdrop, and on Cancel, focus back on the button', async () => {
    const page = await openDialog();
    await page.mouse.click(3, 3);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Rename…');
    await page.getByRole('button', { name: 'Rename…' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Rename…');
    expect(catalogue.problems).toEqual([]);
  });
});
