import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { setAccessToken } from '../../auth/auth-store.js';
import { holdFile } from '../held-file.js';
import { resetUpload } from '../upload-store.js';
import { UPLOAD_ERROR_DISPLAY_MS, UploadHost } from './upload-host.js';

/** XMLHttpRequest as the upload uses it: the test decides progress and the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  url = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(percent: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }));
  }
  respond(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

const wav = () => new File([new Uint8Array(64)], 'Night Drive.wav', { type: 'audio/wav' });

/** A drop anywhere on the window, as the browser sends it. */
function dropOnWindow(file: File) {
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files: [file], dropEffect: 'none' } });
  act(() => {
    window.dispatchEvent(event);
  });
}

const signIn = () => act(() => setAccessToken('token', new Date(Date.now() + 900_000).toISOString()));

describe('upload host', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('no network in client tests')));
    act(() => {
      setAccessToken(null);
      holdFile(null);
      resetUpload();
    });
  });

  it('when a guest drops a WAV on /, then Login opens and the file waits; once signed in it uploads with progress and opens the master', async () => {
    const view = renderWithProviders(<UploadHost />, { path: '/' });
    dropOnWindow(wav());
    expect(view.dialogs.getState().open).toContain('Login');
    expect(FakeXhr.sent).toHaveLength(0);

    signIn();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/upload');
    FakeXhr.sent[0]!.progress(40);
    // The overlay comes in its own chunk: it shows once that has loaded.
    expect((await screen.findByTestId('upload-percent')).textContent).toBe('40 %');
    FakeXhr.sent[0]!.progress(100);
    expect(screen.getByText('Finishing upload')).toBeTruthy();
    FakeXhr.sent[0]!.respond(201, { id: 'm-1' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/masters/song/m-1'));
  });

  it('when the server refuses the file as no WAV, then the one notice says what to do, never the parser text, and offers another file instead of try again', async () => {
    signIn();
    const picked = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<UploadHost />, { path: '/masters' });
    dropOnWindow(wav());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(400, { statusCode: 400, message: 'error.noWaveFile', detail: 'does not start with a RIFF/RF64 WAVE header' });
    const notice = screen.getByTestId('upload-problem');
    expect(notice.textContent).toContain('Upload failed');
    expect(screen.getByTestId('upload-problem-message').textContent).toBe('This file is not a WAV. Export your mix as WAV and try again.');
    expect(notice.textContent).not.toContain('RIFF');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(picked).toHaveBeenCalled();
    expect(screen.queryByTestId('upload-problem')).toBeNull();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('when the upload fails on the network or the server, then try again sends the same file once more', async () => {
    signIn();
    renderWithProviders(<UploadHost />, { path: '/masters' });
    const file = wav();
    dropOnWindow(file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.onerror?.());
    expect(screen.getByTestId('upload-problem-message').textContent).toBe('We could not reach the server. Check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.respond(502, 'Bad Gateway');
    expect(screen.getByTestId('upload-problem-message').textContent).toBe('Something went wrong on our side. Please try again in a moment.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    expect(screen.queryByTestId('upload-problem')).toBeNull();
  });

  it('when a file that is not a WAV is dropped, then the same notice shows its message for 5 s and nothing is uploaded', async () => {
    signIn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<UploadHost />, { path: '/' });
    dropOnWindow(new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    const message = 'This file is not a WAV. Export your mix as WAV and try again.';
    expect(screen.getByTestId('upload-problem-message').textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UPLOAD_ERROR_DISPLAY_MS - 100);
    });
    expect(screen.queryByText(message)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.queryByText(message)).toBeNull();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('when a file is dropped on a page without the drop area, then nothing happens', () => {
    signIn();
    renderWithProviders(<UploadHost />, { path: '/account' });
    dropOnWindow(wav());
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
