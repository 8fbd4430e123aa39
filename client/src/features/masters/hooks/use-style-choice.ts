import { useMemo, useState } from 'react';
import { DEFAULT_INTENSITY, INTENSITIES, type Intensity } from '../../../../../src/modules/masters/masters.constants.js';
import { useSearchParams } from 'react-router';
import type { TMaster } from '../../../../../src/modules/masters/masters.schemas.js';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import { useAppState } from '../../../lib/app-store.js';
import { trpc } from '../../../lib/trpc.js';
import { enabledGroups } from '../components/style-chooser.js';
import { streamIndexOf } from '../../../../../src/modules/streaming/stream-frame.js';

/** The intensity last chosen for a track, remembered in this browser (Medium until one is chosen). */
const intensityKey = (trackId: string) => `masterdeck.intensity.${trackId}`;
function rememberedIntensity(trackId: string): Intensity {
  try {
    const stored = window.localStorage.getItem(intensityKey(trackId));
    return (INTENSITIES as readonly string[]).includes(stored ?? '') ? (stored as Intensity) : DEFAULT_INTENSITY;
  } catch {
    return DEFAULT_INTENSITY;
  }
}

/** A master's place among the track's masters: its style at its intensity. */
const masterKey = (styleId: number, intensity: Intensity) => `${styleId}:${intensity}`;

/**
 * The owner's style choice on a master page: the enabled styles, the track's masters by style and
 * intensity, which style is chosen (kept in the address as ?style=, so a reload keeps it) at which
 * intensity (remembered per track), and its neighbours.
 */
export function useStyleChoice(master: TMaster) {
  const trackId = master.track.id;
  const catalogue = trpc.catalogue.styleGroups.useQuery();
  const trackMasters = trpc.masters.trackMasters.useQuery({ trackId });
  const preselected = useAppState((state) => state.selectedStyleId);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = Number(searchParams.get('style')) || null;

  const [chosenIntensity, setChosenIntensity] = useState<{ trackId: string; intensity: Intensity } | null>(null);
  // A page opened at a master of another intensity hears that one; otherwise the track's last choice.
  const intensity = chosenIntensity?.trackId === trackId ? chosenIntensity.intensity : master.style ? master.intensity : rememberedIntensity(trackId);
  const groups = useMemo(() => enabledGroups(catalogue.data ?? []), [catalogue.data]);
  const allStyles = useMemo(() => groups.flatMap((group) => group.styles.map((style) => ({ ...style, group }))), [groups]);
  const mastersByKey = useMemo(() => {
    const map = new Map<string, TMaster>();
    for (const m of trackMasters.data ?? []) if (m.style) map.set(masterKey(m.style.id, m.intensity), m);
    return map;
  }, [trackMasters.data]);
  // The chooser marks a style mastered when it has a master at the chosen intensity.
  const masteredStyleIds = useMemo(() => new Set([...mastersByKey.values()].filter((m) => m.intensity === intensity).map((m) => m.style!.id)), [mastersByKey, intensity]);

  // The track's latest master: opened again, the page shows the style that was mastered and its figures.
  const latestMastered = useMemo(
    () => (trackMasters.data ?? []).filter((m) => isMastered(m.status, m.style?.id ?? null)).sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)))[0]?.style?.id ?? null,
    [trackMasters.data],
  );
  // The first style of the first group when none is chosen (the page's own style first).
  const selectedStyleId =
    [chosen, master.style?.id, preselected, latestMastered].find((id) => id != null && allStyles.some((s) => s.id === id)) ?? allStyles[0]?.id ?? null;
  const selected = allStyles.find((style) => style.id === selectedStyleId) ?? null;
  const masterOf = (styleId: number) => mastersByKey.get(masterKey(styleId, intensity)) ?? null;
  const selectedMaster = selectedStyleId !== null ? masterOf(selectedStyleId) : null;

  const nearbyStyles = useMemo(() => {
    const at = allStyles.findIndex((style) => style.id === selectedStyleId);
    if (at < 0) return [];
    // The styles a listener reaches next in the chooser: nearest first, alternating sides.
    // The chosen style at the other intensities first: a switch of intensity is then as quick as one of style.
    const chosen = allStyles[at]!;
    const otherIntensities = INTENSITIES.filter((other) => other !== intensity).map((other) => ({ styleIndex: streamIndexOf(chosen.styleIndex, other), styleId: chosen.id, intensity: other }));
    const neighbours = [1, -1, 2, -2]
      .map((step) => allStyles[at + step])
      .flatMap((style) => (style ? [{ styleIndex: streamIndexOf(style.styleIndex, intensity), styleId: style.id, intensity }] : []));
    return [...otherIntensities, ...neighbours];
  }, [allStyles, selectedStyleId, intensity]);

  const chooseIntensity = (next: Intensity) => {
    setChosenIntensity({ trackId, intensity: next });
    try {
      window.localStorage.setItem(intensityKey(trackId), next);
    } catch {
      // Storage refused (private mode): the choice holds for this visit.
    }
  };

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
    masterOf,
    masteredStyleIds,
    intensity,
    chooseIntensity,
    selectedStyleId,
    selected,
    selectedMaster,
    nearbyStyles,
    // The new-master rule: while the track's masters are fewer than the enabled styles at every intensity.
    newMasterAllowed: mastersByKey.size < allStyles.length * INTENSITIES.length,
    choose,
  };
}
