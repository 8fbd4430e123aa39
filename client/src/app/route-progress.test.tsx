import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../lib/i18n.js';
import { RouteProgressBar } from './route-progress.js';

/** The bar alone (it needs only Lingui); rerender keeps the same provider so its timers live on. */
function renderBar(busy: boolean) {
  activateLocale('en', { persist: false });
  const ui = (value: boolean) => (
    <I18nProvider i18n={i18n}>
      <RouteProgressBar routeKey="a" busy={value} />
    </I18nProvider>
  );
  const view = render(ui(busy));
  return { setBusy: (value: boolean) => view.rerender(ui(value)) };
}

describe('route progress bar (throttle 200 ms, time-out 5000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const bar = () => screen.queryByTestId('route-progress');
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('when a route loads in under 200 ms, then the bar never shows', () => {
    const view = renderBar(true);
    advance(150);
    expect(bar()).toBeNull();
    view.setBusy(false);
    advance(100);
    expect(bar()).toBeNull();
    advance(6000);
    expect(bar()).toBeNull();
  });

  it('when a route takes a second, then the bar shows from 200 ms and completes when the load ends', () => {
    const view = renderBar(true);
    advance(199);
    expect(bar()).toBeNull();
    advance(1);
    expect(bar()?.dataset.phase).toBe('running');
    advance(800);
    expect(bar()?.dataset.phase).toBe('running');
    view.setBusy(false);
    expect(bar()?.dataset.phase).toBe('done');
    advance(400);
    expect(bar()).toBeNull();
  });

  it('when a load never ends, then the bar stops at 5000 ms', () => {
    renderBar(true);
    advance(4999);
    expect(bar()?.dataset.phase).toBe('running');
    advance(1);
    expect(bar()?.dataset.phase).toBe('done');
    advance(400);
    expect(bar()).toBeNull();
  });
});
