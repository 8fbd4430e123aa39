import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServerFetch } from '../../../test/fake-server.js';
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

  it('when the operator names a plugin bundle page, then the offer mentions the bundle with a link to it, and not otherwise', async () => {
    const view = renderWithProviders(<FreePluginDialog opened onClose={() => undefined} />, {
      fetch: fakeServerFetch({ config: { pluginBundleUrl: 'https://plugins.example.org/bundle' } }),
    });
    const mention = await screen.findByTestId('plugin-bundle');
    expect(mention.querySelector('a')?.getAttribute('href')).toBe('https://plugins.example.org/bundle');
    expect(mention.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    view.unmount();

    renderWithProviders(<FreePluginDialog opened onClose={() => undefined} />, { fetch: fakeServerFetch({}) });
    await screen.findByTestId('welcome-code');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('plugin-bundle')).toBeNull();
  });
});
