/**
 * Accessibility checks for the e2e suite: axe-core (through @tabula/testing, which injects its
 * axe.min.js into the page) must find no serious or critical violation. `expectAccessible`
 * checks the page as it is; `expectAccessibleAt` checks it at the phone and laptop sizes the
 * issues are seen at, and gives the page its own size back.
 */
import type { Page } from 'playwright-core';
import { expectAccessible } from './support';

export { expectAccessible };

/** The phone viewport the issues measure at. */
export const PHONE = { width: 390, height: 844 } as const;

/** The laptop viewport the issues measure at. */
export const LAPTOP = { width: 1280, height: 800 } as const;

/**
 * Runs axe on the page at each viewport (laptop and phone unless told), a soft failure per
 * viewport naming `what` and the size, then restores the page's viewport.
 */
export async function expectAccessibleAt(
  page: Page,
  what: string,
  viewports: readonly { width: number; height: number }[] = [LAPTOP, PHONE],
): Promise<void> {
  const before = page.viewportSize();
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expectAccessible(page, `${what} at ${viewport.width}×${viewport.height}`);
  }
  if (before) await page.setViewportSize(before);
}
