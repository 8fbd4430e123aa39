import { useMemo, useState } from 'react';
import {
  AMOUNT_MAX,
  AMOUNT_MIN,
  AMOUNT_STEP,
  amountsKeyOf,
  DEFAULT_AMOUNTS,
  DEFAULT_INTENSITY,
  INTENSITIES,
  type Amounts,
  type Intensity,
} from '../../../../../src/modules/masters/masters.constants.js';
import { useSearchParams } from 'react-router';
import type { TMaster } from '../../../../../src/modules/masters/masters.schemas.js';
import { isMastered } from '../../../../../src/modules/masters/masters.schemas.js';
import { useAppState } from '../../../lib/app-store.js';
import { trpc } from '../../../lib/trpc.js';
import { enabledGroups } from '../components/style-chooser.js';
import { amountsOfMaster } from '../lib/amounts.js';
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

/** The amounts last chosen for a track, remembered like its intensity (100 % each until changed). */
const amountsStoreKey = (trackId: string) => `masterdeck.amounts.${trackId}`;
const isAmount = (value: unknown): value is number => typeof value === 'number' && value >= AMOUNT_MIN && value <= AMOUNT_MAX && value % AMOUNT_STEP === 0;
function rememberedAmounts(trackId: string): Amounts {
  try {
    const stored = JSON.parse(window.localStorage.getItem(amountsStoreKey(trackId)) ?? 'null') as Partial<Amounts> | null;
    return stored && isAmount(stored.tone) && isAmount(stored.width) && isAmount(stored.dynamics) ? { tone: stored.tone, width: stored.width, dynamics: stored.dynamics } : DEFAULT_AMOUNTS;
  } catch {
    return DEFAULT_AMOUNTS;
  }
}

/** The reference last chosen for a track, remembered like its amounts (none until one is chosen). */
const referenceStoreKey = (trackId: string) => `masterdeck.reference.${trackId}`;
function rememberedReference(trackId: string): string | null {
  try {
    return window.localStorage.getItem(referenceStoreKey(trackId)) || null;
  } catch {
    return null;
  }
}

/** A master's place among the track's masters: its style at its intensity and amounts, toward its reference or none. */
const masterKey = (styleId: number, intensity: Intensity, amounts: Amounts, referenceId: string | null) => `${styleId}:${intensity}${amountsKeyOf(amounts)}@${referenceId ?? ''}`;

/**
 * The owner's style choice on a master page: the enabled styles, the track's masters by style and
 * intensity, which style is chosen (kept in the address as ?style=, so a reload keeps it) at which
 * intensity and amounts (both remembered per track), and its neighbours.
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
  const [chosenAmounts, setChosenAmounts] = useState<{ trackId: string; amounts: Amounts } | null>(null);
  // Likewise the amounts: the opened master's, else the track's last choice; kept by value for the memos below.
  const { tone, width, dynamics } = chosenAmounts?.trackId === trackId ? chosenAmounts.amounts : master.style ? amountsOfMaster(master) : rememberedAmounts(trackId);
  const amounts = useMemo(() => ({ tone, width, dynamics }), [tone, width, dynamics]);
  const amountsKey = amountsKeyOf(amounts);
  const references = trpc.references.myReferences.useQuery();
  const [chosenReference, setChosenReference] = useState<{ trackId: string; referenceId: string | null } | null>(null);
  // The opened master's reference, else the track's last choice; one removed since counts as none, unless a master was made toward it.
  const wantedReference = chosenReference?.trackId === trackId ? chosenReference.referenceId : master.style ? master.referenceId : rememberedReference(trackId);
  const referenceId =
    wantedReference && (references.data?.some((reference) => reference.id === wantedReference) || trackMasters.data?.some((m) => m.referenceId === wantedReference)) ? wantedReference : null;
  const groups = useMemo(() => enabledGroups(catalogue.data ?? []), [catalogue.data]);
  const allStyles = useMemo(() => groups.flatMap((group) => group.styles.map((style) => ({ ...style, group }))), [groups]);
  const mastersByKey = useMemo(() => {
    const map = new Map<string, TMaster>();
    for (const m of trackMasters.data ?? []) if (m.style) map.set(masterKey(m.style.id, m.intensity, amountsOfMaster(m), m.referenceId), m);
    return map;
  }, [trackMasters.data]);
  // The chooser marks a style mastered when it has a master at the chosen intensity and amounts, toward the chosen reference.
  const masteredStyleIds = useMemo(
    () =>
      new Set([...mastersByKey.values()].filter((m) => m.intensity === intensity && amountsKeyOf(amountsOfMaster(m)) === amountsKey && m.referenceId === referenceId).map((m) => m.style!.id)),
    [mastersByKey, intensity, amountsKey, referenceId],
  );

  // The track's latest master: opened again, the page shows the style that was mastered and its figures.
  const latestMastered = useMemo(
    () => (trackMasters.data ?? []).filter((m) => isMastered(m.status, m.style?.id ?? null)).sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)))[0]?.style?.id ?? null,
    [trackMasters.data],
  );
  // The first style of the first group when none is chosen (the page's own style first).
  const selectedStyleId =
    [chosen, master.style?.id, preselected, latestMastered].find((id) => id != null && allStyles.some((s) => s.id === id)) ?? allStyles[0]?.id ?? null;
  const selected = allStyles.find((style) => style.id === selectedStyleId) ?? null;
  const masterOf = (styleId: number) => mastersByKey.get(masterKey(styleId, intensity, amounts, referenceId)) ?? null;
  const selectedMaster = selectedStyleId !== null ? masterOf(selectedStyleId) : null;

  const nearbyStyles = useMemo(() => {
    const at = allStyles.findIndex((style) => style.id === selectedStyleId);
    if (at < 0) return [];
    // The styles a listener reaches next in the chooser: nearest first, alternating sides.
    // The chosen style at the other intensities first: a switch of intensity is then as quick as one of style.
    const chosen = allStyles[at]!;
    const otherIntensities = INTENSITIES.filter((other) => other !== intensity).map((other) => ({ styleIndex: streamIndexOf(chosen.styleIndex, other, amounts), styleId: chosen.id, intensity: other, amounts }));
    const neighbours = [1, -1, 2, -2]
      .map((step) => allStyles[at + step])
      .flatMap((style) => (style ? [{ styleIndex: streamIndexOf(style.styleIndex, intensity, amounts), styleId: style.id, intensity, amounts }] : []));
    return [...otherIntensities, ...neighbours];
  }, [allStyles, selectedStyleId, intensity, amounts]);

  const chooseIntensity = (next: Intensity) => {
    setChosenIntensity({ trackId, intensity: next });
    try {
      window.localStorage.setItem(intensityKey(trackId), next);
    } catch {
      // Storage refused (private mode): the choice holds for this visit.
    }
  };

  const chooseAmounts = (next: Amounts) => {
    setChosenAmounts({ trackId, amounts: next });
    try {
      window.localStorage.setItem(amountsStoreKey(trackId), JSON.stringify(next));
    } catch {
      // Storage refused (private mode): the choice holds for this visit.
    }
  };

  const chooseReference = (next: string | null) => {
    setChosenReference({ trackId, referenceId: next });
    try {
      if (next) window.localStorage.setItem(referenceStoreKey(trackId), next);
      else window.localStorage.removeItem(referenceStoreKey(trackId));
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
    amounts,
    chooseAmounts,
    /** The chosen reference track (null: none): a new master is made toward it. */
    referenceId,
    referenceName: references.data?.find((reference) => reference.id === referenceId)?.name ?? null,
    chooseReference,
    selectedStyleId,
    selected,
    selectedMaster,
    nearbyStyles,
    // The new-master rule: while the track's masters are fewer than the enabled styles at every intensity; masters toward a reference are not counted.
    newMasterAllowed: referenceId !== null || [...mastersByKey.values()].filter((m) => m.referenceId === null).length < allStyles.length * INTENSITIES.length,
    choose,
  };
}
