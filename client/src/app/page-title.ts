import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** What a route may carry in its `handle`: the page's name for the browser tab. */
export interface RouteHandle {
  title?: MessageDescriptor;
}

export const SITE_NAME = 'Masterdeck';

/** "Masters – Masterdeck"; the site name alone where a page has no name of its own. */
export function formatPageTitle(page: string | null): string {
  return page ? `${page} – ${SITE_NAME}` : SITE_NAME;
}

/**
 * Sets `document.title` from the deepest matched route whose handle names a title, in the active
 * language; re-runs when the route or the language changes.
 */
export function usePageTitle(): void {
  const matches = useMatches();
  const { i18n } = useLingui();
  let title: MessageDescriptor | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
  }
  const text = formatPageTitle(title ? i18n._(title) : null);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
