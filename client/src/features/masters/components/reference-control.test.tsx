import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TReferenceTrack } from '../../../../../src/modules/masters/masters.schemas.js';
import { fakeServerFetch } from '../../../test/fake-server.js';
import { HeldControl } from '../../../test/held-control.js';
import { renderWithProviders } from '../../../test/render.js';
import { ReferenceControl } from './reference-control.js';

const bright: TReferenceTrack = { id: '0b7c5a52-7a4e-4a53-9d2c-5f3f5a1e0001', name: 'Bright reference', sampleRate: 44100, channels: 2, durationS: 8, createdAt: '2026-11-20T10:00:00.000Z' };

const held = (onChange: (next: string | null) => void) => <HeldControl control={ReferenceControl} initial={null} onChange={onChange} />;

/** The app's fake server, with the caller's references and what POST /api/upload answers. */
function serverWith(references: TReferenceTrack[], upload: () => Response, procedures: Record<string, unknown> = {}) {
  const uploads: FormData[] = [];
  const trpc = fakeServerFetch({ procedures: { 'references.myReferences': references, ...procedures } });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/upload')) {
      uploads.push(init?.body as FormData);
      return upload();
    }
    return trpc(input, init);
  };
  return { fetch, uploads };
}

const wav = () => new File([new Uint8Array(64)], 'bright.wav', { type: 'audio/wav' });

describe('ReferenceControl', () => {
  it('when it is opened and a reference is picked, then its id goes out, and No reference takes it back', async () => {
    const onChange = vi.fn();
    renderWithProviders(held(onChange), { fetch: serverWith([bright], () => Response.json({})).fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Reference' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Bright reference' }));
    expect(onChange).toHaveBeenLastCalledWith(bright.id);
    fireEvent.click(screen.getByRole('radio', { name: 'No reference' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('when a WAV is uploaded from it, then it goes to POST /api/upload marked as a reference and the new reference is chosen', async () => {
    const onChange = vi.fn();
    const server = serverWith([], () => Response.json({ id: bright.id }));
    renderWithProviders(held(onChange), { fetch: server.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Reference' }));
    fireEvent.change(screen.getByTestId('reference-file'), { target: { files: [wav()] } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(bright.id));
    expect(server.uploads).toHaveLength(1);
    expect(server.uploads[0]!.get('reference')).toBe('true');
    expect((server.uploads[0]!.get('track') as File).name).toBe('bright.wav');
  });

  it('when the server refuses the file as no WAV, then the error is shown translated, in German too, and nothing is chosen', async () => {
    const onChange = vi.fn();
    const server = serverWith([], () => Response.json({ message: 'error.noWaveFile' }, { status: 400 }));
    renderWithProviders(held(onChange), { fetch: server.fetch, locale: 'de' });
    fireEvent.click(screen.getByRole('button', { name: 'Referenz' }));
    fireEvent.change(screen.getByTestId('reference-file'), { target: { files: [wav()] } });
    const error = await screen.findByTestId('reference-error');
    expect(error.textContent).not.toMatch(/error\.|noWaveFile/);
    expect(error.textContent!.length).toBeGreaterThan(10);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('when a file that is no WAV is picked, then it is refused before any upload', async () => {
    const server = serverWith([], () => Response.json({ id: bright.id }));
    renderWithProviders(held(() => undefined), { fetch: server.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Reference' }));
    fireEvent.change(screen.getByTestId('reference-file'), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByTestId('reference-error')).toBeTruthy();
    expect(server.uploads).toHaveLength(0);
  });

  it('when one of the owner masters is picked as the reference, then it is made a reference and chosen; masters not made yet are not offered', async () => {
    const onChange = vi.fn();
    const mastered = { id: 'm-1', status: 'MASTERED', track: { name: 'Own Song' }, style: { id: 3, name: 'Bright', styleIndex: 3, styleGroup: { id: 1, name: 'Pop' } } };
    const upload = { id: 'm-2', status: 'CREATED', track: { name: 'Own Song' }, style: null };
    const server = serverWith([], () => Response.json({}), { 'masters.masters': [mastered, upload], 'references.referenceFromMaster': bright });
    renderWithProviders(held(onChange), { fetch: server.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Reference' }));
    fireEvent.click((await screen.findAllByLabelText('Or use one of your masters')).find((element) => element.tagName === 'INPUT')!);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Own Song · Pop - Bright']);
    fireEvent.click(options[0]!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(bright.id));
  });
});
