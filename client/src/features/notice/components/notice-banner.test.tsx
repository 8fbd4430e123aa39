import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServerFetch } from '../../../test/fake-server.js';
import { renderApp } from '../../../test/render.js';

describe('notice banner', () => {
  it('when the server sets a notice, then it shows and closing hides it with a one-year cookie', async () => {
    renderApp({ path: '/about', fetch: fakeServerFetch({ config: { noticeBanner: 'We are moving to a desktop app.' } }) });
    const banner = await screen.findByTestId('notice-banner');
    expect(banner.textContent).toContain('We are moving to a desktop app.');
    fireEvent.click(within(banner).getByRole('button', { name: 'Close notice' }));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    expect(document.cookie).toContain('notice_banner_closed=1');
  });

  it('when the notice cookie is set, then the notice stays hidden', async () => {
    document.cookie = 'notice_banner_closed=1; Path=/';
    renderApp({ path: '/about', fetch: fakeServerFetch({ config: { noticeBanner: 'Hidden' } }) });
    await screen.findByRole('heading', { name: 'About Masterdeck' });
    expect(screen.queryByTestId('notice-banner')).toBeNull();
  });

  it('when no notice is set, then nothing shows', async () => {
    renderApp({ path: '/about', fetch: fakeServerFetch({}) });
    await screen.findByRole('heading', { name: 'About Masterdeck' });
    expect(screen.queryByTestId('notice-banner')).toBeNull();
  });
});
