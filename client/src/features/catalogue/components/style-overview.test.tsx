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

  it('when a visitor opens a style, then its loudness target, character and what happens next show, and no demo part without a demo', async () => {
    const style = aStyle({ name: 'Deep', targetLufs: -10.5, traits: ['fullLowEnd', 'softTop'] });
    renderApp({ path: '/', fetch: fakeServerFetch({ styleGroups: [aStyleGroup({ name: 'Electronic', styles: [style] })] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Deep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Style details' });
    expect(within(dialog).getByTestId('details-loudness').textContent).toContain('\u221210.5 LUFS');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Fuller low end', 'Softer highs']);
    expect(within(dialog).getByText('Choose a WAV file: you will sign in, and we master it in this style.')).toBeTruthy();
    expect(within(dialog).queryByTestId('details-demo')).toBeNull();
  });

  it('when a demo in the style exists, then the details offer its before/after; in German the words are German', async () => {
    const style = aStyle({ name: 'Tief', targetLufs: -10.5, traits: ['wide'] });
    const demo = { id: 'd1', title: 'Night Drive', artist: 'Ada', styleId: style.id, style: 'Elektronisch - Tief', src: { original: '/a', mastered: '/b' }, peaks: [0.5, 0.7], durationS: 180 };
    const other = { ...demo, id: 'd2', title: 'Other', styleId: style.id + 1000 };
    renderApp({ path: '/', locale: 'de', fetch: fakeServerFetch({ styleGroups: [aStyleGroup({ name: 'Elektronisch', styles: [style] })], demos: [other, demo] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Tief' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stil-Details' });
    const part = await within(dialog).findByTestId('details-demo');
    expect(within(part).getByText('Night Drive')).toBeTruthy();
    expect(within(part).queryByText('Other')).toBeNull();
    expect(within(dialog).getByTestId('details-loudness').textContent).toContain('\u221210,5 LUFS');
    expect(within(dialog).getByText('Breiteres Stereobild')).toBeTruthy();
    expect(within(dialog).getByText('Wähle eine WAV-Datei: Du meldest dich an, und wir mastern sie in diesem Stil.')).toBeTruthy();
  });
});
