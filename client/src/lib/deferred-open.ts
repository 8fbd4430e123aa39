import { useEffect, useState } from 'react';

/**
 * For a dialog or drawer that comes from an on-demand chunk and may mount already asked to be open:
 * closed on its first render, then as asked, so it opens with its transition exactly as one that
 * was mounted all along (a Mantine Modal mounted open skips it).
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  // Once, after the first paint: the point is a render in the closed state before the open one.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  return opened && mounted;
}
