import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import type { MasterRow } from '../lib/master-rows.js';
import { MasterList } from './master-list.js';

function row(overrides: Partial<MasterRow> & Pick<MasterRow, 'id' | 'track_name'>): MasterRow {
  return {
    track_artist: 'Ada',
    style_name: null,
    styleGroup_name: null,
    custom_master: false,
    status: 'CREATED',
    createdAt: '2026-11-20T10:00:00.000Z',
    track: { id: `track-${overrides.id}` },
    style: null,
    user: { email: 'ada@example.com' },
    ...overrides,
  };
}

const mastered = row({ id: 'm1', track_name: 'Bright Song', status: 'MASTERED', style: { id: 3 }, style_name: 'Bright', styleGroup_name: 'Pop' });
const upload = row({ id: 'm2', track_name: 'Raw Song' });

describe('MasterList', () => {
  it('when the owner sorts, then a new column starts dates newest first and text A to Z, and the active column flips', () => {
    const onOrderChange = vi.fn();
    renderWithProviders(<MasterList rows={[mastered, upload]} mode="own" order={{ orderEntity: 'date', orderDirection: 'DESC' }} onOrderChange={onOrderChange} />);
    const table = screen.getByTestId('master-table');
    fireEvent.click(within(table).getByRole('button', { name: /Title and artist/ }));
    expect(onOrderChange).toHaveBeenLastCalledWith({ orderEntity: 'title', orderDirection: 'ASC' });
    fireEvent.click(within(table).getByRole('button', { name: /Date/ }));
    expect(onOrderChange).toHaveBeenLastCalledWith({ orderEntity: 'date', orderDirection: 'ASC' });
  });

  it('when the list is the owner\'s, then only the mastered row can be shared, and the upload row asks for a style', () => {
    renderWithProviders(<MasterList rows={[mastered, upload]} mode="own" order={{ orderEntity: 'date', orderDirection: 'DESC' }} onOrderChange={() => undefined} onShare={() => undefined} />);
    const table = screen.getByTestId('master-table');
    expect(within(table).getAllByRole('button', { name: /^Share / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Share Bright Song']);
    expect(within(table).getByRole('link', { name: 'Choose a style' }).getAttribute('href')).toBe('/masters/song/m2');
    expect(within(table).getByRole('link', { name: 'Listen' }).getAttribute('href')).toBe('/masters/song/m1');
  });

  it('when a row is deleted, then the dialog asks first, says an upload takes its masters along, and deletes only on confirmation', async () => {
    const onDelete = vi.fn(async () => undefined);
    renderWithProviders(<MasterList rows={[mastered, upload]} mode="own" order={{ orderEntity: 'date', orderDirection: 'DESC' }} onOrderChange={() => undefined} onDelete={onDelete} />);
    fireEvent.click(within(screen.getByTestId('master-table')).getByRole('button', { name: 'Delete Raw Song' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete master' });
    expect(within(dialog).getByText(/deleting it deletes all of its masters too/)).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(upload));
  });

  it('when the list is shared with me, then it shows the owner and offers no actions', () => {
    renderWithProviders(<MasterList rows={[mastered]} mode="shared" order={{ orderEntity: 'date', orderDirection: 'DESC' }} onOrderChange={() => undefined} />);
    const table = screen.getByTestId('master-table');
    expect(within(table).getByText('ada@example.com')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(within(screen.getByTestId('master-cards')).getByText('Shared by ada@example.com')).toBeTruthy();
  });
});
