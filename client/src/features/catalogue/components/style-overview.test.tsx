import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.js';
import { aStyle, aStyleGroup, fakeServerFetch } from '../../../test/fake-server.js';

describe('style overview on the home page', () => {
  it('when the server sends groups, then they show by order and a style opens StyleDetails', async () => {
    const fetch = fakeServerFetch({
      styleGroups: [
        aStyleGroup({ name: 'Rock', order: 2, icon: 'rock', styles: [aStyle({ name: 'Raw', description: 'Keeps the grit.' })] }),
        aStyleGroup({ name: 'Pop', order: 1, styles: [aStyle({ name: 'Warm', order: 2 }), aStyle({ name: 'Bright', order: 1 })] }),
      ],
    });
    renderApp({ path: '/', fetch });

    const overview = await screen.findByTestId('style-overview');
    expect(within(overview).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Pop', 'Rock']);
    const pop = within(overview).getByRole('group', { name: 'Styles of Pop' });
    expect(within(pop).getAllByRole('button').map((button) => button.textContent)).toEqual(['Bright', 'Warm']);

    fireEvent.click(within(overview).getByRole('button', { name: 'Raw' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Keeps the grit.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Select Raw' })).toBeTruthy();
  });

  it('when the server has no styles, then an honest empty state shows', async () => {
    renderApp({ path: '/', fetch: fakeServerFetch({ styleGroups: [] }) });
    expect(await screen.findByText('No styles are available right now')).toBeTruthy();
  });
});
