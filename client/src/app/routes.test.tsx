import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isSpaRoute, SPA_ROUTE_PATTERNS } from '../../../src/modules/site/site.schemas.js';
import { renderApp } from '../test/render.js';
import { loadAccountLayout, loadArtistsPage, loadInfoPages, loadMastersPages, loadPaymentsPage } from './route-chunks.js';
import { routes } from './routes.js';

/** Every full path of the route table, without the catch-all `*` routes. */
function routePatterns(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [here || '/'] : [];
    return [...own, ...routePatterns(route.children ?? [], here)];
  });
}

describe('routes', () => {
  // The router fetches a page's chunk before it renders the route; compiling these in the test
  // runner takes longer than a waitFor's second on a busy machine, so once, up front.
  beforeAll(() => Promise.all([loadMastersPages(), loadAccountLayout(), loadPaymentsPage(), loadArtistsPage(), loadInfoPages()]), 60_000);

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

  it('when the route table is read, then its paths are exactly the web process\'s SPA_ROUTE_PATTERNS', () => {
    expect(new Set(routePatterns(routes))).toEqual(new Set(SPA_ROUTE_PATTERNS));
    expect(isSpaRoute('/masters/song/7')).toBe(true);
    expect(isSpaRoute('/no/such/page')).toBe(false);
  });

  it('when pages open in English and German, then the browser tab names the page', async () => {
    const cases = [
      { path: '/faq', locale: 'en', title: 'FAQ – Masterdeck' },
      { path: '/info', locale: 'en', title: 'Support – Masterdeck' },
      { path: '/about', locale: 'de', title: 'Über uns – Masterdeck' },
      { path: '/info', locale: 'de', title: 'Hilfe – Masterdeck' },
      { path: '/no/such/page', locale: 'en', title: 'Page not found – Masterdeck' },
      { path: '/no/such/page', locale: 'de', title: 'Seite nicht gefunden – Masterdeck' },
      { path: '/', locale: 'de', title: 'Online-Mastering – Masterdeck' },
    ] as const;
    for (const { path, locale, title } of cases) {
      const { unmount } = renderApp({ path, locale });
      await waitFor(() => expect(document.title).toBe(title));
      unmount();
    }
  }, 30_000);
});
