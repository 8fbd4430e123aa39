import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStoreApi } from '../lib/app-store.js';
import { renderWithProviders } from '../test/render.js';
import { AlertBanners, SUCCESS_NOTICE_MS } from './alert-banners.js';

function Harness() {
  const app = useAppStoreApi();
  return (
    <>
      <button type="button" onClick={() => app.showSuccess('global.success.saved')}>
        save
      </button>
      <button type="button" onClick={() => app.showError('global.error.server')}>
        fail
      </button>
      <AlertBanners />
    </>
  );
}

describe('AlertBanners', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when a success message shows, then it leaves by itself after 4 s, and showing it again starts the 4 s again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(screen.getByTestId('global-success').textContent).toContain('Your changes are saved.');
    act(() => vi.advanceTimersByTime(SUCCESS_NOTICE_MS - 1000));
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    act(() => vi.advanceTimersByTime(SUCCESS_NOTICE_MS - 1));
    expect(screen.queryByTestId('global-success')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('global-success')).toBeNull();
  });

  it('when an error shows, then it stays until it is closed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    act(() => vi.advanceTimersByTime(SUCCESS_NOTICE_MS * 3));
    expect(screen.getByTestId('global-error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.queryByTestId('global-error')).toBeNull();
  });
});
