import { trpc } from '../../lib/trpc.js';

/** Enabled style groups by order, each with its enabled styles by order (style chooser). */
export function useStyleGroups() {
  return trpc.catalogue.styleGroups.useQuery(undefined, {
    staleTime: 5 * 60_000,
    select: (groups) =>
      [...groups]
        .sort((a, b) => a.order - b.order)
        .map((group) => ({ ...group, styles: [...group.styles].sort((a, b) => a.order - b.order) })),
  });
}
