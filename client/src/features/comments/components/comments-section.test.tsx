import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_PAGE_SIZE, type TComment } from '../../../../../src/modules/feedback/feedback.schemas.js';
import { renderWithProviders } from '../../../test/render.js';
import { useTrackTalk } from '../use-track-talk.js';
import { CommentsSection } from './comments-section.js';

const TRACK_ID = '11111111-1111-4111-8111-111111111111';

/** 45 comments of a shared track, newest first; authors are named, their addresses withheld (as the server answers a sharee). */
const ALL: TComment[] = Array.from({ length: 45 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  trackId: TRACK_ID,
  text: `Comment number ${i + 1}`,
  user: { id: 'u2', name: 'Ada Lovelace', email: null },
  timestamp: null,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0, 45 - i)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, 20, 12, 0, 45 - i)).toISOString(),
  canEdit: false,
  canDelete: false,
}));

function commentsServer() {
  const asked: Record<string, unknown>[] = [];
  const fetch: typeof globalThis.fetch = async (request, init) => {
    const url = new URL(typeof request === 'string' ? request : request instanceof URL ? request.href : request.url, 'http://localhost');
    if (url.pathname === '/api/config') return Response.json({ mediaUrl: 'ws://x/ws', paymentMode: 'local', features: { distribution: true, blog: true }, noticeBanner: null });
    const names = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    const inputs = JSON.parse((init?.method === 'POST' ? (init.body as string) : url.searchParams.get('input')) ?? '{}') as Record<string, { cursor?: string | null; limit?: number }>;
    return Response.json(
      names.map((procedure, index) => {
        const input = inputs[String(index)] ?? {};
        if (procedure !== 'feedback.trackComments') return { result: { data: null } };
        asked.push(input);
        const start = input.cursor ? ALL.findIndex((comment) => comment.id === input.cursor) + 1 : 0;
        return { result: { data: ALL.slice(start, start + (input.limit ?? 30)) } };
      }),
    );
  };
  return { fetch, asked };
}

function Comments() {
  const talk = useTrackTalk(TRACK_ID);
  return <CommentsSection {...talk.sectionProps} />;
}

describe('CommentsSection', () => {
  // The comment box's autosizing textarea listens for web fonts loading, which jsdom does not have.
  beforeAll(() => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  });

  it('when a track has more comments than a page, then the newest page shows with names, and "Show older comments" loads the rest', async () => {
    const server = commentsServer();
    renderWithProviders(<Comments />, { fetch: server.fetch });
    const list = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(COMMENT_PAGE_SIZE));
    expect(within(list).getAllByText('Ada Lovelace')).toHaveLength(COMMENT_PAGE_SIZE);
    expect(server.asked[0]).toMatchObject({ trackId: TRACK_ID, limit: COMMENT_PAGE_SIZE });

    fireEvent.click(screen.getByRole('button', { name: 'Show older comments' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(45));
    expect(within(list).getByText('Comment number 45')).toBeTruthy();
    expect(server.asked.some((input) => input.cursor === ALL[COMMENT_PAGE_SIZE - 1]!.id)).toBe(true);
    // The last page was short: nothing older is offered.
    expect(screen.queryByRole('button', { name: 'Show older comments' })).toBeNull();
  });

  it('when the interface is German, then the button to page back is German', async () => {
    renderWithProviders(<Comments />, { fetch: commentsServer().fetch, locale: 'de' });
    expect(await screen.findByRole('button', { name: 'Ältere Kommentare anzeigen' })).toBeTruthy();
  });
});
