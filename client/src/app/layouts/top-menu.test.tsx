import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServerFetch } from '../../test/fake-server.js';
import { renderApp } from '../../test/render.js';

describe('top menu for visitors', () => {
  it('when a visitor opens a page, then the header links Support and Distribution\'s landing', async () => {
    const { router } = renderApp({ path: '/about', fetch: fakeServerFetch({}) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(within(menu).getAllByRole('link', { name: 'Distribution' }).length).toBeGreaterThan(0));
    expect(within(menu).getAllByRole('link', { name: 'Distribution' })[0]?.getAttribute('href')).toBe('/distribution');
    fireEvent.click(within(menu).getAllByRole('link', { name: 'Support' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/info'));
  });

  it('when the distribution feature is off, then the header has no Distribution link but still Support', async () => {
    renderApp({ path: '/about', fetch: fakeServerFetch({ config: { features: { distribution: false, blog: true } } }) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(within(menu).getAllByRole('link', { name: 'Support' }).length).toBeGreaterThan(0));
    expect(within(menu).queryByRole('link', { name: 'Distribution' })).toBeNull();
  });
});
