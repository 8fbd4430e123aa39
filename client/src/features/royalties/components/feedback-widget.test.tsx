import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { FeedbackWidget } from './feedback-widget.js';

/** A tRPC batch endpoint that records the feedback sent and answers it, or fails with `failWith`. */
function feedbackServer(failWith?: string) {
  const sent: unknown[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('royalties.sendFeedback')) {
      sent.push((JSON.parse(String(init?.body)) as Record<string, unknown>)['0']);
      if (failWith) return Response.json([{ error: { message: failWith, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } }], { status: 400 });
      return Response.json([{ result: { data: { id: 1 } } }]);
    }
    return new Response('not found', { status: 404 });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

/** Mantine's Rating takes a click on a star's label (its input only previews the value). */
const star = (group: string, value: number) => {
  const input = document.querySelector<HTMLInputElement>(`[data-testid="${group}"] input[value="${value}"]`)!;
  return document.querySelector<HTMLLabelElement>(`label[for="${input.id}"]`)!;
};

describe('the distribution feedback widget', () => {
  it('when it is sent without stars, then both ratings ask for one to five stars and nothing is sent', async () => {
    const server = feedbackServer();
    renderWithProviders(<FeedbackWidget />, { fetch: server.fetch, path: '/distribution/analytics' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getAllByText('Please give one to five stars.').length).toBe(2));
    expect(server.sent).toEqual([]);
  });

  it('when stars, a comment and the release data are given, then they are sent with the screen it came from and thanked for', async () => {
    const server = feedbackServer();
    renderWithProviders(<FeedbackWidget />, { fetch: server.fetch, path: '/distribution/payments' });
    fireEvent.click(star('feedback-sound', 4));
    fireEvent.click(star('feedback-overall', 5));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Clear payouts' } });
    fireEvent.click(screen.getByLabelText(/Include my release data/));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Thank you for your feedback.');
    expect(server.sent).toEqual([{ soundRating: 4, overallRating: 5, comment: 'Clear payouts', includeSongData: true, page: '/distribution/payments' }]);
  });

  it('when the server refuses it, then its message is shown in the reader\'s language', async () => {
    const server = feedbackServer('distribution.feedback.error.commentTooLong');
    renderWithProviders(<FeedbackWidget />, { fetch: server.fetch, path: '/distribution/releases', locale: 'de' });
    fireEvent.click(star('feedback-sound', 2));
    fireEvent.click(star('feedback-overall', 3));
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await screen.findByText('Bitte halte deinen Kommentar unter 2000 Zeichen.');
  });

  it('when a screen reader lists the stars, then each is named by its count in the reader\'s language', () => {
    renderWithProviders(<FeedbackWidget />, { fetch: feedbackServer().fetch, path: '/distribution/releases', locale: 'de' });
    const sound = within(screen.getByTestId('feedback-sound'));
    expect(sound.getByRole<HTMLInputElement>('radio', { name: '1 Stern' }).value).toBe('1');
    expect(sound.getByRole<HTMLInputElement>('radio', { name: '5 Sterne' }).value).toBe('5');
    expect(sound.queryByRole('radio', { name: '5' })).toBeNull();
  });

  it('when the stars are read in English, then they say "1 star" to "5 stars"', () => {
    renderWithProviders(<FeedbackWidget />, { fetch: feedbackServer().fetch, path: '/distribution/releases' });
    const overall = within(screen.getByTestId('feedback-overall'));
    expect(overall.getByRole<HTMLInputElement>('radio', { name: '1 star' }).value).toBe('1');
    expect(overall.getByRole<HTMLInputElement>('radio', { name: '3 stars' }).value).toBe('3');
  });
});
