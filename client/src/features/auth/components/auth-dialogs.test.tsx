import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { AddressEditor } from '../../account/components/address-editor.js';
import { getAccessToken } from '../auth-store.js';
import { LoginDialog, RESEND_NOTICE_MS, SignUpDialog } from './auth-dialogs.js';

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('account forms', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('no network in client tests')));
  });

  it('when the sign-up e-mail is typed, then it is trimmed and lower-cased, "Please enter a valid e-mail address." shows after a change and a check mark once valid', () => {
    renderWithProviders(<SignUpDialog opened onClose={() => undefined} />);
    const email = screen.getByLabelText(/E-mail address/);
    fireEvent.change(email, { target: { value: 'nope' } });
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.queryByLabelText('valid')).toBeNull();
    fireEvent.change(email, { target: { value: '  Ada@Example.COM ' } });
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull();
    expect(screen.getByLabelText('valid')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
  });

  it('when the sign-up dialog opens in English and German, then its title and its button say the same', () => {
    for (const [locale, words] of [['en', 'Create account'], ['de', 'Konto erstellen']] as const) {
      const { unmount } = renderWithProviders(<SignUpDialog opened onClose={() => undefined} />, { locale });
      expect(screen.getByRole('dialog', { name: words })).toBeTruthy();
      expect(screen.getByRole('button', { name: words })).toBeTruthy();
      unmount();
    }
  });

  it('when sign-up is sent empty, then every field says what is missing and nothing is posted', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<SignUpDialog opened onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBe(3));
    expect(screen.getAllByText('Use at least 8 characters.').length).toBe(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('when the password is shown, then the toggle switches the input type', () => {
    renderWithProviders(<LoginDialog opened onClose={() => undefined} />);
    const password = document.querySelector('input[autocomplete="current-password"]') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.mouseDown(screen.getByLabelText('Show or hide password'));
    expect(password.type).toBe('text');
  });

  it('when the login succeeds but the current user cannot be loaded, then sign-in fails, the session is closed and the dialog stays', async () => {
    const fetchSpy = vi.fn(async (url: string) => (url.endsWith('/login') ? jsonResponse(200, { accessToken: 'token', expiresAt: new Date(Date.now() + 900_000).toISOString() }) : new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchSpy);
    const trpcCalls: string[] = [];
    const trpcFetch = async (url: RequestInfo | URL) => {
      trpcCalls.push(String(url));
      return jsonResponse(500, [{ error: { message: 'global.error.server', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]);
    };
    let closed = false;
    renderWithProviders(<LoginDialog opened onClose={() => (closed = true)} />, { fetch: trpcFetch as typeof fetch });
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'ada@example.com' } });
    fireEvent.change(document.querySelector('input[autocomplete="current-password"]')!, { target: { value: 'right password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Something went wrong on our side. Please try again in a moment.');
    expect(trpcCalls.some((url) => url.includes('accounts.me'))).toBe(true);
    expect(fetchSpy.mock.calls.map((call) => call[0])).toEqual(['/api/auth/login', '/api/auth/logout']);
    expect(getAccessToken()).toBeNull();
    expect(closed).toBe(false);
  });

  it('when an unconfirmed user logs in, then the message and a resend button show; a resend shows "sent" for 4 s', async () => {
    const fetchSpy = vi.fn(async (url: string) =>
      url.endsWith('/login') ? jsonResponse(403, { statusCode: 403, message: 'global.error.userNotConfirmed' }) : jsonResponse(200, { message: 'global.success.emailSent' }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<LoginDialog opened onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'ada@example.com' } });
    fireEvent.change(document.querySelector('input[autocomplete="current-password"]')!, { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Please confirm your e-mail address first.');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    await screen.findByText('The e-mail was sent.');
    expect(fetchSpy.mock.calls.map((call) => call[0])).toEqual(['/api/auth/login', '/api/auth/resend-confirmation']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESEND_NOTICE_MS - 600);
    });
    expect(screen.queryByText('The e-mail was sent.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(610);
    });
    expect(screen.queryByText('The e-mail was sent.')).toBeNull();
  });

  it('when an empty address is saved, then the four required fields say "This field is required." and the optional ones (and the state, with no country) stay quiet', async () => {
    renderWithProviders(<AddressEditor address={undefined} />);
    expect(screen.queryByText('This field is required.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBe(4));
  });

  const savedAddress = (country: string) => ({
    id: 'a1', company: null, streetAndNumber: '1 Main St', additional: null, city: 'Springfield', zip: '12345', country, state: '', taxId: null,
    createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
  });

  /** Saves a saved address of the country with its state left blank; what was sent is in the spy. */
  function saveWithBlankState(country: string) {
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<AddressEditor address={savedAddress(country)} />);
    const state = screen.getByLabelText(/State or region/) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    return { fetchSpy, state };
  }

  it('when the country needs a state (US) and it is blank, then only the state says "field is required" and nothing is sent', async () => {
    const { fetchSpy, state } = saveWithBlankState('US');
    expect(state.required).toBe(true);
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBe(1));
    expect(state.getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('when the country needs no state (DE), then a blank state is not required and the address is sent', async () => {
    const { fetchSpy, state } = saveWithBlankState('DE');
    expect(state.required).toBe(false);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(screen.queryByText('This field is required.')).toBeNull();
  });

  it('in German, the same rules speak German', async () => {
    renderWithProviders(<SignUpDialog opened onClose={() => undefined} />, { locale: 'de' });
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'x' } });
    expect(screen.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    await waitFor(() => expect(screen.getAllByText('Dieses Feld ist erforderlich.').length).toBe(2));
  });
});
