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

/**
 * Waits until no animation or transition that ends (a dialog's fade-in, a collapse) has run for
 * five frames and 100 ms: what is checked or photographed is the screen at rest, not half faded
 * in. Endless ones (a loader's spin) do not count. Mantine starts a transition two frames after
 * the element mounts, within the quiet frames asked for.
 */
export async function animationsAtRest(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.evaluate(
    (timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const deadline = performance.now() + timeoutMs;
        let quietSince: number | null = null;
        let quietFrames = 0;
        const frame = (now: number) => {
          const moving = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
          if (moving.length > 0) {
            quietSince = null;
            quietFrames = 0;
          } else {
            quietSince ??= now;
            quietFrames += 1;
          }
          if (quietSince !== null && quietFrames >= 5 && now - quietSince >= 100) resolve();
          else if (now > deadline) reject(new Error(`still animating after ${timeoutMs} ms: ${moving.map((animation) => (animation as CSSTransition).transitionProperty ?? (animation as CSSAnimation).animationName ?? animation.id).join(', ')}`));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    timeoutMs,
  );
}

/**
 * Follows a page's requests: `quiet()` resolves once none has been in flight for `quietMs` (the
 * product holds each query's answer for 200 ms, so a query's follow-ups come within that). Unlike
 * Playwright's 'networkidle', reached once per navigation, it waits again when a dialog opens and
 * asks for its data.
 */
export function requestsOf(page: Page): { quiet: (quietMs?: number, timeoutMs?: number) => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastChange = Date.now();
  });
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(quietMs = 500, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`${inFlight} requests still in flight after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
