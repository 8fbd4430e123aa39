import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeStreamFrame } from '../../../../../src/modules/streaming/stream-frame.js';
import { renderWithProviders } from '../../../test/render.js';
import { setAccessToken } from '../../auth/auth-store.js';
import { closeSharedMediaSocket } from '../api/media-socket.js';
import { MasteringSessionProvider, useMasteringSession } from '../mastering-session.js';
import { FakeWebSocket } from '../testing/fake-websocket.js';
import { AnalyzingOverlay } from './analyzing-overlay.js';
import { MasterPlayer } from './master-player.js';

/** jsdom has no Web Audio: a buffer that only holds its channels. */
class FakeAudioBuffer {
  readonly length: number;
  readonly numberOfChannels: number;
  readonly sampleRate: number;
  private readonly channels: Float32Array[];
  constructor(options: { length: number; numberOfChannels: number; sampleRate?: number }) {
    this.length = options.length;
    this.numberOfChannels = options.numberOfChannels;
    this.sampleRate = options.sampleRate ?? 44100;
    this.channels = Array.from({ length: options.numberOfChannels }, () => new Float32Array(options.length));
  }
  getChannelData(channel: number) {
    return this.channels[channel]!;
  }
  copyToChannel(source: Float32Array, channel: number) {
    this.channels[channel]!.set(source);
  }
}

/** What the browser decodes any reference WAV to here: two seconds of a stereo 1 kHz tone at half scale. */
class FakeOfflineAudioContext {
  constructor(
    readonly channels: number,
    readonly length: number,
    readonly sampleRate: number,
  ) {}
  decodeAudioData(): Promise<FakeAudioBuffer> {
    const decoded = new FakeAudioBuffer({ length: 2 * this.sampleRate, numberOfChannels: 2, sampleRate: this.sampleRate });
    for (const channel of [0, 1]) decoded.getChannelData(channel).forEach((_, i, samples) => (samples[i] = 0.5 * Math.sin((2 * Math.PI * 1000 * i) / this.sampleRate)));
    return Promise.resolve(decoded);
  }
}

const TRACK = '7d4f1b1e-8f5e-4d43-9a55-1f1e5f0d2a10';
const config = { mediaUrl: 'ws://media.test/ws', paymentMode: 'local', features: { distribution: true, blog: true }, noticeBanner: null };
const configFetch: typeof fetch = async (input) =>
  String(input).includes('/api/config') ? new Response(JSON.stringify(config), { headers: { 'Content-Type': 'application/json' } }) : new Response('{}', { status: 404 });

const meta = (overrides: Record<string, unknown> = {}) => ({
  trackId: TRACK,
  styleIndex: -1,
  styleId: null,
  duration: 3,
  sampleRate: 44100,
  numberOfSamples: 132300,
  bitsPerSample: 16,
  numberOfChannels: 2,
  totalByteLength: 132300 * 4,
  chunkSize: 176400,
  numberOfChunks: 3,
  container: 'WAVE',
  waveformData: [],
  loudness: { original: { lufs: -18.2, truePeak: -3.1 } },
  ...overrides,
});

async function connected(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const ws = FakeWebSocket.latest();
  act(() => ws.open());
  return ws;
}

// Both suites play through a fake socket with a signed-in user.
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setAccessToken('header.eyJzdWIiOiJ1In0.sig', Date.now() + 600_000);
});
afterEach(() => {
  closeSharedMediaSocket();
  vi.unstubAllGlobals();
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('no network in client tests')));
});

describe('MasterPlayer', () => {
  it('when the meta carries no peaks, then the player says the waveform could not be loaded, and shows the loudness', async () => {
    renderWithProviders(<MasterPlayer trackId={TRACK} title="Night Drive" styleId={4} styleIndex={3} isCustomMaster={false} />, { fetch: configFetch });
    const ws = await connected();
    await waitFor(() => expect(ws.sent.map((m) => m.event)).toContain('request-meta'));
    expect(ws.sent[0]!.payload).toEqual({ trackId: TRACK });
    act(() => ws.serverSends('meta', meta()));
    await screen.findByText('Waveform data could not be loaded. We are working on this!');
    expect(screen.getByText('Night Drive')).toBeTruthy();
    expect(screen.getByText('0:00 / 0:03')).toBeTruthy();
    expect(screen.getByText('\u221218.2 LUFS')).toBeTruthy();
    // Then the master's meta, then chunks of the original around the playhead.
    await waitFor(() => expect(ws.sent.some((m) => m.event === 'request-meta' && (m.payload as { styleId?: number }).styleId === 4)).toBe(true));
    act(() => ws.serverSends('meta', meta({ styleIndex: 3, styleId: 4, loudness: { original: { lufs: -18.2, truePeak: -3.1 }, master: { lufs: -9.2, truePeak: -1 }, masterPredicted: true } })));
    await screen.findByText('\u22129.2 LUFS');
    expect(screen.getByText(/Mastered is turned down by 9.0 dB/)).toBeTruthy();
    await waitFor(() => expect(ws.sent.find((m) => m.event === 'request-chunks')?.payload).toEqual({ trackId: TRACK, styleIndex: -1, styleId: null, chunkIndices: [0, 1, 2] }));
  });

  it('when another style is chosen while the first master meta is on its way, then the new style\'s meta is asked for and shown', async () => {
    function StylePicker() {
      const [styleId, setStyleId] = useState(4);
      return (
        <>
          <button type="button" onClick={() => setStyleId(5)}>
            next style
          </button>
          <MasterPlayer trackId={TRACK} title="Night Drive" styleId={styleId} styleIndex={styleId - 1} isCustomMaster={false} />
        </>
      );
    }
    renderWithProviders(<StylePicker />, { fetch: configFetch });
    const ws = await connected();
    await waitFor(() => expect(ws.sent.length).toBe(1));
    act(() => ws.serverSends('meta', meta()));
    const metaRequests = () => ws.sent.filter((m) => m.event === 'request-meta').map((m) => (m.payload as { styleId?: number }).styleId);
    await waitFor(() => expect(metaRequests()).toEqual([undefined, 4]));
    act(() => screen.getByRole('button', { name: 'next style' }).click());
    // The answer for the style no longer chosen arrives late: it is dropped, and the chosen one is asked for.
    act(() => ws.serverSends('meta', meta({ styleIndex: 3, styleId: 4, loudness: { original: { lufs: -18.2, truePeak: -3.1 }, master: { lufs: -9.2, truePeak: -1 } } })));
    await waitFor(() => expect(metaRequests()).toEqual([undefined, 4, 5]));
    act(() => ws.serverSends('meta', meta({ styleIndex: 4, styleId: 5, loudness: { original: { lufs: -18.2, truePeak: -3.1 }, master: { lufs: -12.2, truePeak: -1 } } })));
    await screen.findByText('\u221212.2 LUFS');
    expect(screen.queryByText('\u22129.2 LUFS')).toBeNull();
    expect(screen.getByText(/Mastered is turned down by 6.0 dB/)).toBeTruthy();
  });

  it('when the original has arrived and the master is not prepared yet, then Mastered cannot be chosen and says why', async () => {
    vi.stubGlobal('AudioBuffer', FakeAudioBuffer);
    renderWithProviders(<MasterPlayer trackId={TRACK} title="Night Drive" styleId={4} styleIndex={3} isCustomMaster={false} />, { fetch: configFetch, locale: 'de' });
    const ws = await connected();
    await waitFor(() => expect(ws.sent.length).toBe(1));
    act(() => ws.serverSends('meta', meta({ waveformData: new Array(512).fill(0.5) })));
    await waitFor(() => expect(ws.sent.some((m) => m.event === 'request-meta' && (m.payload as { styleId?: number }).styleId === 4)).toBe(true));
    act(() => ws.serverSends('meta', meta({ styleIndex: 3, styleId: 4 })));
    await waitFor(() => expect(ws.sent.some((m) => m.event === 'request-chunks')).toBe(true));
    // The original's three chunks arrive as binary frames; only then is the master asked for (one style at a time).
    act(() => {
      for (const chunk of [0, 1, 2]) ws.onmessage?.({ data: encodeStreamFrame(-1, chunk, new Uint8Array(176400)).slice().buffer });
    });
    await waitFor(() => expect(ws.sent.filter((m) => m.event === 'request-chunks').pop()!.payload).toMatchObject({ styleIndex: 3, styleId: 4, chunkIndices: [0, 1, 2] }));
    act(() => ws.serverSends('error-message', { code: 'mastering.notPrepared', event: 'request-chunks' }));
    await screen.findByText('Die gemasterte Version ist hörbar, sobald die Analyse fertig ist.');
    expect((screen.getByRole('radio', { name: 'Gemastert' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('MasterPlayer with a reference track', () => {
  const REFERENCE = '0b7c5a52-7a4e-4a53-9d2c-5f3f5a1e0001';
  /** The config route, and the reference's audio route answering `status`; each call to it is counted. */
  function referenceServer(status: number) {
    const calls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = String(input);
      if (!url.includes('/api/references/')) return configFetch(input, init);
      calls.push(url);
      return status === 200 ? new Response(new Uint8Array(64), { headers: { 'Content-Type': 'audio/wav' } }) : new Response('{}', { status });
    };
    return { calls, fetch };
  }

  /** The player with the original's and the master's meta in: Original, Mastered and Reference can be chosen. */
  async function renderReady(fetch: typeof globalThis.fetch) {
    vi.stubGlobal('AudioBuffer', FakeAudioBuffer);
    vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
    renderWithProviders(<MasterPlayer trackId={TRACK} title="Night Drive" styleId={4} styleIndex={3} isCustomMaster={false} reference={REFERENCE} />, { fetch });
    const ws = await connected();
    await waitFor(() => expect(ws.sent.length).toBe(1));
    act(() => ws.serverSends('meta', meta()));
    await waitFor(() => expect(ws.sent.some((m) => m.event === 'request-meta' && (m.payload as { styleId?: number }).styleId === 4)).toBe(true));
    act(() => ws.serverSends('meta', meta({ styleIndex: 3, styleId: 4, loudness: { original: { lufs: -18.2, truePeak: -3.1 }, master: { lufs: -9.2, truePeak: -1 } } })));
    await screen.findByText('\u22129.2 LUFS');
  }

  const loudnessRows = () => within(screen.getByRole('table', { name: 'Measured loudness' })).getAllByRole('row').map((row) => row.textContent);

  it('when a reference is chosen, then its audio is fetched only once Reference is picked, and its measured loudness and true peak join the table', async () => {
    const server = referenceServer(200);
    await renderReady(server.fetch);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toEqual([]);
    expect(loudnessRows().some((row) => row?.startsWith('Reference'))).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Reference' }));
    await waitFor(() => expect(loudnessRows().find((row) => row?.startsWith('Reference'))).toMatch(/^Reference−?\d+\.\d LUFS−6\.0 dBTP$/));
    expect(server.calls).toEqual([`/api/references/${REFERENCE}/audio`]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Reference' }).checked).toBe(true);

    // Heard again later, it is not fetched again.
    fireEvent.click(screen.getByRole('radio', { name: 'Mastered' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Reference' }));
    expect(server.calls).toHaveLength(1);
  });

  it('when the reference cannot be fetched, then the player says so and goes back to the master', async () => {
    const server = referenceServer(404);
    await renderReady(server.fetch);
    fireEvent.click(screen.getByRole('radio', { name: 'Reference' }));
    await screen.findByText('The reference could not be loaded.');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Mastered' }).checked).toBe(true);
    expect(server.calls).toHaveLength(1);
    expect(loudnessRows().some((row) => row?.startsWith('Reference'))).toBe(false);
  });
});

function PrepareOnMount() {
  const session = useMasteringSession();
  useEffect(() => session.prepare(), [session.prepare]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** The session of TRACK with `driver` (what starts its work) and the analysing overlay. */
function renderWithOverlay(driver: ReactNode) {
  return renderWithProviders(
    <MasteringSessionProvider trackId={TRACK}>
      {driver}
      <AnalyzingOverlay />
    </MasteringSessionProvider>,
    { fetch: configFetch },
  );
}

describe('MasteringSession and AnalyzingOverlay', () => {
  it('when preparation runs, then the overlay follows its stages and goes away when processed', async () => {
    renderWithOverlay(<PrepareOnMount />);
    const ws = await connected();
    await waitFor(() => expect(ws.sent.map((m) => m.event)).toContain('request-mastering'));
    await screen.findByText('Preparing your track');
    const state = (stage: string, progressInPercent: number, iteration = 0, processed = false) => ({ trackId: TRACK, processed, fixing: false, stage, iteration, progressInPercent });
    act(() => ws.serverSends('prepare-mastering', state('dynamics', 30, 2)));
    await screen.findByText('Shaping the dynamics (pass 2)');
    const dynamicsPercent = Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(dynamicsPercent).toBeGreaterThan(15);
    // A late report of the other fitting thread: neither the pass nor the bar goes back.
    act(() => ws.serverSends('prepare-mastering', state('dynamics', 20, 1)));
    expect(screen.getByText('Shaping the dynamics (pass 2)')).toBeTruthy();
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(dynamicsPercent);
    act(() => ws.serverSends('prepare-mastering', state('eq', 64)));
    await screen.findByText('Balancing the EQ');
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(dynamicsPercent);
    act(() => ws.serverSends('prepare-mastering', state('done', 100, 0, true)));
    await waitFor(() => expect(screen.queryByTestId('analyzing-overlay')).toBeNull());
  });

  it('when a style is bounced at other amounts, then end-mastering carries them and only the answer at those amounts resolves it', async () => {
    let bounce: Promise<{ masterId: string }> | null = null;
    let settled = false;
    function BounceOnMount() {
      const session = useMasteringSession();
      useEffect(() => {
        if (session.connection === 'connected' && !bounce) bounce = session.bounce(4, 'medium', { tone: 120, width: 100, dynamics: 100 });
      }, [session]);
      return null;
    }
    renderWithOverlay(<BounceOnMount />);
    const ws = await connected();
    await waitFor(() => expect(ws.sent.map((m) => m.event)).toContain('end-mastering'));
    void bounce!.then(() => (settled = true));
    expect(ws.sent.find((m) => m.event === 'end-mastering')!.payload).toEqual({ trackId: TRACK, styleId: 4, intensity: 'medium', amounts: { tone: 120, width: 100, dynamics: 100 } });
    act(() => ws.serverSends('bounce-progress', { trackId: TRACK, styleId: 4, processed: true, progressInPercent: 100, masterId: 'm-default' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    act(() => ws.serverSends('bounce-progress', { trackId: TRACK, styleId: 4, amounts: { tone: 120, width: 100, dynamics: 100 }, processed: true, progressInPercent: 100, masterId: 'm-toned' }));
    await expect(bounce).resolves.toEqual({ masterId: 'm-toned' });
  });

  it('when a style is bounced, then the overlay shows bouncing and finalizing, bounce() resolves with the master id, and the track counts as prepared', async () => {
    let bounce: Promise<{ masterId: string }> | null = null;
    function BounceOnMount() {
      const session = useMasteringSession();
      useEffect(() => {
        if (session.connection === 'connected' && !bounce) bounce = session.bounce(4);
      }, [session]);
      return <output data-testid="prepared">{String(session.preparation?.processed ?? false)}</output>;
    }
    renderWithOverlay(<BounceOnMount />);
    const ws = await connected();
    await waitFor(() => expect(ws.sent.map((m) => m.event)).toContain('end-mastering'));
    expect(ws.sent.find((m) => m.event === 'end-mastering')!.payload).toEqual({ trackId: TRACK, styleId: 4, intensity: 'medium' });
    act(() => ws.serverSends('bounce-progress', { trackId: TRACK, styleId: 4, processed: false, progressInPercent: 40 }));
    await screen.findByText('Bouncing: 40 %');
    act(() => ws.serverSends('bounce-progress', { trackId: TRACK, styleId: 4, processed: false, progressInPercent: 100 }));
    await screen.findByText('Finishing your master…');
    act(() => ws.serverSends('bounce-progress', { trackId: TRACK, styleId: 4, processed: true, progressInPercent: 100, masterId: 'm-1' }));
    await expect(bounce).resolves.toEqual({ masterId: 'm-1' });
    await waitFor(() => expect(screen.queryByTestId('analyzing-overlay')).toBeNull());
    // The bounce prepared the track: players ask again for the figures and chunks (onPrepared).
    await waitFor(() => expect(screen.getByTestId('prepared').textContent).toBe('true'));
  });

  it('when the bounce times out, then bounce() rejects with binary.creation.timeout and the user goes to /masters', async () => {
    let result: Promise<unknown> | null = null;
    function BounceOnMount() {
      const session = useMasteringSession();
      useEffect(() => {
        if (session.connection === 'connected' && !result) result = session.bounce(4).catch((error: Error) => error.message);
      }, [session]);
      return null;
    }
    const view = renderWithProviders(
      <MasteringSessionProvider trackId={TRACK}>
        <BounceOnMount />
      </MasteringSessionProvider>,
      { fetch: configFetch, path: '/masters/song/x' },
    );
    const ws = await connected();
    await waitFor(() => expect(ws.sent.map((m) => m.event)).toContain('end-mastering'));
    act(() => ws.serverSends('error-message', { code: 'binary.creation.timeout', event: 'end-mastering' }));
    await expect(result).resolves.toBe('binary.creation.timeout');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/masters'));
  });
});
