import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render.js';

describe('routes', () => {
  it('when a visitor opens /masters, then they land on /', async () => {
    const { router } = renderApp({ path: '/masters' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Mastering styles' })).toBeTruthy();
  });

  it('when a visitor opens any path under /account or /masters, then they land on /', async () => {
    for (const path of ['/account/payments', '/masters/song/12', '/masters/whatever', '/accounts', '/masters-old/1']) {
      const { router, unmount } = renderApp({ path });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      unmount();
    }
    // Five whole-app renders, each loading its route's code chunk: more than the default 5 s on a busy 2-core machine.
  }, 30_000);

  it('when a visitor opens a distribution area, then they land on /', async () => {
    const { router } = renderApp({ path: '/distribution/artists' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('when the path is unknown, then the 404 text shows', async () => {
    renderApp({ path: '/no/such/page' });
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
  });

  it('when the language is switched to German, then the menu is translated', async () => {
    renderApp({ path: '/about' });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'Log in' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });

    const germanMenu = await screen.findByRole('navigation', { name: 'Hauptmenü' });
    expect(within(germanMenu).getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(within(germanMenu).getByText('Preise')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('lang=de');
  });

  it('when the styles cannot be loaded, then an error with a retry shows', async () => {
    renderApp({ path: '/' });
    expect(await screen.findByText('The styles could not be loaded')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
