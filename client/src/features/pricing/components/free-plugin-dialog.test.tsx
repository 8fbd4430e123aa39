import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { FREE_PLUGIN_STORAGE_KEY, FreePluginDialog, freePluginOfferClosed } from './free-plugin-dialog.js';

describe('free-plugin promotion', () => {
  afterEach(() => window.localStorage.clear());

  it('when the offer is shown, then it names the welcome code, and closing it is remembered', () => {
    let closed = false;
    renderWithProviders(<FreePluginDialog opened onClose={() => (closed = true)} />);
    expect(screen.getByTestId('welcome-code').textContent).toBe('FREEMASTER');
    expect(freePluginOfferClosed()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(closed).toBe(true);
    expect(window.localStorage.getItem(FREE_PLUGIN_STORAGE_KEY)).toBe('closed');
    expect(freePluginOfferClosed()).toBe(true);
  });
});
