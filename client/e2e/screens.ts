import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What every saved screenshot is for: the screen fits its window, nothing overflows
 * sideways (375 px). Asserted at the moment the picture is taken.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

export interface ShotOptions {
  /** The whole scrollable page rather than the window. */
  fullPage?: boolean;
  /** Only this element of the page. */
  element?: Locator;
}

/** Saves a screenshot (animations stopped) to `file`, after asserting the page does not overflow. */
export async function screenshotWithoutOverflow(page: Page, file: string, options: ShotOptions = {}): Promise<void> {
  await expectNoHorizontalOverflow(page);
  if (options.element) await options.element.screenshot({ path: file, animations: 'disabled' });
  else await page.screenshot({ path: file, animations: 'disabled', fullPage: options.fullPage ?? false });
}
