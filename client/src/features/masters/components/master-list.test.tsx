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
    intensity: 'medium',
    toneAmount: 100,
    widthAmount: 100,
    dynamicsAmount: 100,
    referenceId: null,
    user: { email: 'ada@example.com' },
    ...overrides,
  };
}

const brightUpload = row({ id: 'u1', track_name: 'Bright Song', track: { id: 't1' } });
const mastered = row({ id: 'm1', track_name: 'Bright Song', track: { id: 't1' }, status: 'MASTERED', style: { id: 3 }, style_name: 'Bright', styleGroup_name: 'Pop' });
const upload = row({ id: 'm2', track_name: 'Raw Song' });
const order = { orderEntity: 'date', orderDirection: 'DESC' } as const;

describe('MasterList', () => {
  it('when the owner sorts, then a new column starts dates newest first and text A to Z, and the active column flips', () => {
    const onOrderChange = vi.fn();
    renderWithProviders(<MasterList rows={[mastered, upload]} mode="own" order={order} onOrderChange={onOrderChange} />);
    const table = screen.getByTestId('master-table');
    fireEvent.click(within(table).getByRole('button', { name: /Title and artist/ }));
    expect(onOrderChange).toHaveBeenLastCalledWith({ orderEntity: 'title', orderDirection: 'ASC' });
    fireEvent.click(within(table).getByRole('button', { name: /Date/ }));
    expect(onOrderChange).toHaveBeenLastCalledWith({ orderEntity: 'date', orderDirection: 'ASC' });
  });

  it('when a track has its upload and a master, then it is one row with the master inside, and only the master can be shared', () => {
    renderWithProviders(<MasterList rows={[mastered, brightUpload, upload]} mode="own" order={order} onOrderChange={() => undefined} onShare={() => undefined} onDelete={() => Promise.resolve()} />);
    const table = screen.getByTestId('master-table');
    const rows = within(table).getAllByTestId('master-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getAllByTestId('master-line')).toHaveLength(1);
    expect(within(rows[0]!).queryByText(/unmastered/i)).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Share / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Share Bright Song (Pop - Bright)']);
    expect(within(rows[0]!).getByRole('link', { name: /^Listen\s*\(Pop - Bright\)$/ }).getAttribute('href')).toBe('/masters/song/m1');
    expect(within(rows[0]!).getByRole('link', { name: 'Bright Song' }).getAttribute('href')).toBe('/masters/song/u1');
    expect(within(rows[1]!).getByRole('link', { name: 'Choose a style' }).getAttribute('href')).toBe('/masters/song/m2');
    // One delete for the track, one for its master: never two deletes that look alike.
    expect(within(rows[0]!).getAllByRole('button', { name: /^Delete / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Delete the master Pop - Bright of Bright Song', 'Delete Bright Song']);
  });

  it('when a track has masters of one style at Medium and at High, then only the one at High names its intensity', () => {
    const high = row({ id: 'm3', track_name: 'Bright Song', track: { id: 't1' }, status: 'MASTERED', style: { id: 3 }, style_name: 'Bright', styleGroup_name: 'Pop', intensity: 'high' });
    renderWithProviders(<MasterList rows={[mastered, high, brightUpload]} mode="own" order={order} onOrderChange={() => undefined} onShare={() => undefined} />);
    const table = screen.getByTestId('master-table');
    expect(within(table).getAllByTestId('master-line')).toHaveLength(2);
    expect(within(table).getAllByTestId('master-intensity').map((badge) => badge.textContent)).toEqual(['High']);
    expect(within(table).getAllByRole('button', { name: /^Share / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Share Bright Song (Pop - Bright)', 'Share Bright Song (Pop - Bright (High))']);
  });

  it('when a track has a master at other amounts, then only that master names what was changed', () => {
    const toned = row({ id: 'm4', track_name: 'Bright Song', track: { id: 't1' }, status: 'MASTERED', style: { id: 3 }, style_name: 'Bright', styleGroup_name: 'Pop', toneAmount: 120, widthAmount: 80 });
    renderWithProviders(<MasterList rows={[mastered, toned, brightUpload]} mode="own" order={order} onOrderChange={() => undefined} onShare={() => undefined} />);
    const table = screen.getByTestId('master-table');
    expect(within(table).getAllByTestId('master-amounts').map((badge) => badge.textContent)).toEqual(['Tone 120 %, Width 80 %']);
    expect(within(table).getAllByRole('button', { name: /^Share / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Share Bright Song (Pop - Bright)', 'Share Bright Song (Pop - Bright (Tone 120 %, Width 80 %))']);
  });

  it('when a track has a master made toward a reference, then only that master is badged as such', () => {
    const referenced = row({ id: 'm5', track_name: 'Bright Song', track: { id: 't1' }, status: 'MASTERED', style: { id: 3 }, style_name: 'Bright', styleGroup_name: 'Pop', referenceId: 'ref-1' });
    renderWithProviders(<MasterList rows={[mastered, referenced, brightUpload]} mode="own" order={order} onOrderChange={() => undefined} onShare={() => undefined} />);
    const table = screen.getByTestId('master-table');
    expect(within(table).getAllByTestId('master-reference').map((badge) => badge.textContent)).toEqual(['toward a reference']);
    expect(within(table).getAllByRole('button', { name: /^Share / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Share Bright Song (Pop - Bright)', 'Share Bright Song (Pop - Bright (toward a reference))']);
  });

  it('when a track is deleted, then the dialog asks first, says its masters go too, and deletes only on confirmation', async () => {
    const onDelete = vi.fn(async () => undefined);
    renderWithProviders(<MasterList rows={[mastered, brightUpload]} mode="own" order={order} onOrderChange={() => undefined} onDelete={onDelete} />);
    fireEvent.click(within(screen.getByTestId('master-table')).getByRole('button', { name: 'Delete Bright Song' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete track' });
    expect(within(dialog).getByText(/deletes all of its masters too/)).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(brightUpload));
  });

  it('when the list is shared with me, then it shows the owner and offers no actions', () => {
    renderWithProviders(<MasterList rows={[mastered]} mode="shared" order={order} onOrderChange={() => undefined} />);
    const table = screen.getByTestId('master-table');
    expect(within(table).getByText('ada@example.com')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(within(screen.getByTestId('master-cards')).getByText('Shared by ada@example.com')).toBeTruthy();
  });
});
