import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServerFetch } from '../../../test/fake-server.js';
import { renderWithProviders } from '../../../test/render.js';
import { WizardLayout } from './wizard-layout.js';
import { resetWizard, wizardStore } from './wizard-store.js';

/** A server whose release draft is gone (the release was handed to the stores, or none was started). */
function noDraftServer(): { fetch: typeof fetch; draftsAnswered: () => number } {
  const reads = fakeServerFetch({});
  let drafts = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (!url.pathname.startsWith('/trpc/')) return reads(input, init);
    const names = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    drafts += names.filter((name) => name === 'releases.draft').length;
    return Response.json(names.map(() => ({ result: { data: null } })));
  };
  return { fetch, draftsAnswered: () => drafts };
}

describe('the release wizard without a draft', () => {
  afterEach(() => resetWizard());

  it('when a step is opened with no release started, then the wizard sends the user to the start page', async () => {
    const { router } = renderWithProviders(<WizardLayout />, { path: '/distribution/new-release/distribute', fetch: noDraftServer().fetch });
    await waitFor(() => expect(router.state.location.pathname).toBe('/distribution/new-release'));
  });

  it('when the release was just handed to the stores, then its empty draft does not send the wizard to the start page, and leaving resets it', async () => {
    wizardStore.setState({ handedOff: true, visited: ['artwork'] });
    const server = noDraftServer();
    const { router, unmount } = renderWithProviders(<WizardLayout />, { path: '/distribution/new-release/distribute', fetch: server.fetch });
    await waitFor(() => expect(server.draftsAnswered()).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/distribution/new-release/distribute');
    unmount();
    expect(wizardStore.getState()).toMatchObject({ handedOff: false, visited: [] });
  });
});
