import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TMasterMeasurements } from '../../../../../src/modules/masters/masters.schemas.js';
import type { TCodecCheck } from '../../../../../src/modules/streaming/streaming.schemas.js';
import { fakeServerFetch } from '../../../test/fake-server.js';
import { renderWithProviders } from '../../../test/render.js';
import { CodecCheck } from './codec-check.js';

const masterId = '6f1c1f4e-1d5e-4a55-9c1e-2b7f0b8d9a01';
const measurements: TMasterMeasurements = { lufs: -8.4, truePeak: -1, frames: 441000, channels: 2, sampleRate: 44100 };
const CLIPPING = [
  { codec: 'aac' as const, bitrateKbps: 256, truePeakDb: -0.4, lufs: -8.5 },
  { codec: 'opus' as const, bitrateKbps: 160, truePeakDb: 0.3, lufs: -8.45 },
];
const ticket = (overrides: Partial<TCodecCheck>): TCodecCheck => ({ masterId, state: 'none', position: null, error: null, codecs: null, ...overrides });

/** The app's calls answered by the shell's fake server, the codec check's by `answer` (each call named in `calls`). */
function serverWith(answer: (procedure: string) => TCodecCheck) {
  const shell = fakeServerFetch({});
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (!url.pathname.startsWith('/trpc/mastering.')) return shell(input, init);
    const names = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    calls.push(...names);
    return Response.json(names.map((name) => ({ result: { data: answer(name) } })));
  };
  return { fetch, calls };
}

describe('CodecCheck', () => {
  it('when the owner starts the check, then it waits in line, and once done the table shows each codec with the one over 0 dBTP marked as clipping', async () => {
    let started = false;
    let reads = 0;
    const server = serverWith((procedure) => {
      if (procedure === 'mastering.startCodecCheck') {
        started = true;
        return ticket({ state: 'queued', position: 2 });
      }
      if (!started) return ticket({});
      reads += 1;
      return reads === 1 ? ticket({ state: 'running' }) : ticket({ state: 'done', codecs: CLIPPING });
    });
    renderWithProviders(<CodecCheck masterId={masterId} measurements={measurements} canStart />, { fetch: server.fetch });
    const section = screen.getByTestId('codec-check');
    fireEvent.click(await within(section).findByRole('button', { name: 'Check the codec round trip' }));
    expect(await within(section).findByText('Waiting in line (place 2) …')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Check the codec round trip' })).toBeNull();
    const table = await within(section).findByTestId('codec-table', {}, { timeout: 6_000 });
    const aac = within(table).getByTestId('codec-aac');
    const opus = within(table).getByTestId('codec-opus');
    expect(aac.textContent).toContain('AAC 256\u00a0kb/s');
    expect(aac.textContent).toContain('\u22120.4 dBTP');
    expect(aac.textContent).toContain('+0.6 dB');
    expect(aac.getAttribute('data-clips')).toBeNull();
    expect(opus.textContent).toContain('Opus 160\u00a0kb/s');
    expect(opus.textContent).toContain('0.3 dBTP');
    expect(opus.getAttribute('data-clips')).toBe('true');
    expect(within(opus).getByText('clips')).toBeTruthy();
    expect(within(section).getByTestId('codec-clipping').textContent).toContain('it will clip');
    expect(server.calls.filter((name) => name === 'mastering.startCodecCheck')).toHaveLength(1);
  }, 15_000);

  it('when the check failed, then its error is said and the owner may start it again', async () => {
    const server = serverWith(() => ticket({ state: 'failed', error: 'codecs.failed' }));
    renderWithProviders(<CodecCheck masterId={masterId} measurements={measurements} canStart />, { fetch: server.fetch });
    expect((await screen.findByRole('alert')).textContent).toBe('The codec check could not be made. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'Check the codec round trip' })).toBeTruthy();
  });

  it('when a user the master is shared with opens it, then the stored figures are shown without the button and nothing is asked of the server; with none stored, nothing is shown', async () => {
    const server = serverWith(() => ticket({}));
    const { unmount } = renderWithProviders(<CodecCheck masterId={masterId} measurements={{ ...measurements, codecs: CLIPPING.map((c) => ({ ...c, truePeakDb: c.truePeakDb - 1 })) }} canStart={false} />, {
      fetch: server.fetch,
    });
    const section = screen.getByTestId('codec-check');
    expect(within(section).getAllByRole('row')).toHaveLength(3);
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByTestId('codec-clipping')).toBeNull();
    expect(within(section).getByText(/leaves room for it/)).toBeTruthy();
    unmount();
    renderWithProviders(<CodecCheck masterId={masterId} measurements={measurements} canStart={false} />, { fetch: server.fetch });
    await waitFor(() => expect(screen.queryByTestId('codec-check')).toBeNull());
    expect(server.calls).toEqual([]);
  });

  it('when the page is in German, then the button, the table and the warning are German', async () => {
    const server = serverWith(() => ticket({ state: 'done', codecs: CLIPPING }));
    renderWithProviders(<CodecCheck masterId={masterId} measurements={measurements} canStart />, { fetch: server.fetch, locale: 'de' });
    const table = await screen.findByTestId('codec-table');
    expect(within(table).getByText('Codec')).toBeTruthy();
    expect(within(table).getByText('übersteuert')).toBeTruthy();
    expect(within(table).getByTestId('codec-aac').textContent).toContain('\u22120,4 dBTP');
    expect(screen.getByTestId('codec-clipping').textContent).toContain('0 dBTP');
    expect(screen.getByText('Durch die Codecs der Stores')).toBeTruthy();
  });
});
