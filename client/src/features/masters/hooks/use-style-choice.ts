import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TMaster } from '../../../../../src/modules/masters/masters.schemas.js';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import { useAppState } from '../../../lib/app-store.js';
import { trpc } from '../../../lib/trpc.js';
import { enabledGroups } from '../components/style-chooser.js';

/**
 * The owner's style choice on a master page: the enabled styles, the track's masters by style, which
 * style is chosen (kept in the address as ?style=, so a reload keeps it) and its neighbours.
 */
export function useStyleChoice(master: TMaster) {
  const trackId = master.track.id;
  const catalogue = trpc.catalogue.styleGroups.useQuery();
  const trackMasters = trpc.masters.trackMasters.useQuery({ trackId });
  const preselected = useAppState((state) => state.selectedStyleId);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = Number(searchParams.get('style')) || null;

  const groups = useMemo(() => enabledGroups(catalogue.data ?? []), [catalogue.data]);
  const allStyles = useMemo(() => groups.flatMap((group) => group.styles.map((style) => ({ ...style, group }))), [groups]);
  const mastersByStyle = useMemo(() => {
    const map = new Map<number, TMaster>();
    for (const m of trackMasters.data ?? []) if (m.style) map.set(m.style.id, m);
    return map;
  }, [trackMasters.data]);
  const masteredStyleIds = useMemo(() => new Set(mastersByStyle.keys()), [mastersByStyle]);

  // The track's latest master: opened again, the page shows the style that was mastered and its figures.
  const latestMastered = useMemo(
    () => (trackMasters.data ?? []).filter((m) => isMastered(m.status, m.style?.id ?? null)).sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)))[0]?.style?.id ?? null,
    [trackMasters.data],
  );
  // The first style of the first group when none is chosen (the page's own style first).
  const selectedStyleId =
    [chosen, master.style?.id, preselected, latestMastered].find((id) => id != null && allStyles.some((s) => s.id === id)) ?? allStyles[0]?.id ?? null;
  const selected = allStyles.find((style) => style.id === selectedStyleId) ?? null;
  const selectedMaster = selectedStyleId !== null ? (mastersByStyle.get(selectedStyleId) ?? null) : null;

  const nearbyStyles = useMemo(() => {
    const at = allStyles.findIndex((style) => style.id === selectedStyleId);
    if (at < 0) return [];
    // The styles a listener reaches next in the chooser: nearest first, alternating sides.
    return [1, -1, 2, -2].map((step) => allStyles[at + step]).flatMap((style) => (style ? [{ styleIndex: style.styleIndex, styleId: style.id }] : []));
  }, [allStyles, selectedStyleId]);

  const choose = (styleId: number) =>
    setSearchParams(
      (params) => {
        params.set('style', String(styleId));
        return params;
      },
      { replace: true },
    );

  return {
    catalogue,
    trackMasters,
    groups,
    mastersByStyle,
    masteredStyleIds,
    selectedStyleId,
    selected,
    selectedMaster,
    nearbyStyles,
    // The new-master rule: while the track's masters are fewer than the enabled styles.
    newMasterAllowed: mastersByStyle.size < allStyles.length,
    choose,
  };
}
