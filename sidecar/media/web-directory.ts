import type { InternalClient } from '../../src/internal/internal-client.js';
import type { TEngineStyle } from '../../src/modules/catalogue/index.js';
import { amountsKeyOf, DEFAULT_AMOUNTS, type Amounts, type Intensity, type TMasterStreamInfo, type TStyleHearing, type TTrackAccess, type TTrackAudioInfo } from '../../src/modules/streaming/streaming.schemas.js';

/**
 * How long an access answer is reused: a revoked share stops streaming within this time (plus the
 * one refresh call that the next request starts).
 */
export const ACCESS_TTL_MS = 10_000;
const STYLES_TTL_MS = 30_000;
const AUDIO_INFO_TTL_MS = 10_000;
const MASTER_INFO_TTL_MS = 2_000;

/**
 * An answer past its TTL is still served for this long while a fresh one is fetched, so the
 * listeners whose answers all expire together are not held up by a burst of loopback calls.
 */
const REVALIDATE_GRACE_MS = 5_000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
  settled: boolean;
  refreshing: boolean;
}

/**
 * What the sidecar asks the web process (it owns no business rule), with short-lived
 * caches so that a listener's eight requests a second do not each cost a loopback call. Failed
 * calls are not cached; an expired answer is refreshed in the background (REVALIDATE_GRACE_MS).
 */
export class WebDirectory {
  private readonly access = new Map<string, Cached<TTrackAccess>>();
  private readonly hearing = new Map<string, Cached<TStyleHearing>>();
  private readonly unmastered = new Map<string, Cached<boolean>>();
  private readonly audio = new Map<string, Cached<TTrackAudioInfo | null>>();
  private readonly masters = new Map<string, Cached<TMasterStreamInfo | null>>();
  private readonly styles = new Map<string, Cached<TEngineStyle[]>>();

  constructor(
    readonly client: InternalClient,
    private readonly now: () => number = Date.now,
  ) {}

  private cached<T>(map: Map<string, Cached<T>>, key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    const age = hit ? this.now() - hit.at : Infinity;
    if (hit && age < ttl) return hit.value;
    if (hit && hit.settled && age < ttl + REVALIDATE_GRACE_MS) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        // The stale answer stands until the fresh one is in; a failed refresh drops it.
        load().then(
          (value) => map.set(key, { at: this.now(), value: Promise.resolve(value), settled: true, refreshing: false }),
          () => {
            if (map.get(key) === hit) map.delete(key);
          },
        );
      }
      return hit.value;
    }
    const entry: Cached<T> = { at: this.now(), value: load(), settled: false, refreshing: false };
    map.set(key, entry);
    entry.value.then(
      () => (entry.settled = true),
      () => {
        if (map.get(key) === entry) map.delete(key);
      },
    );
    if (map.size > 10_000) {
      for (const [k, v] of map) if (this.now() - v.at >= ttl + REVALIDATE_GRACE_MS) map.delete(k);
    }
    return entry.value;
  }

  trackAccess(userId: string, trackId: string): Promise<TTrackAccess> {
    return this.cached(this.access, `${userId}:${trackId}`, ACCESS_TTL_MS, () => this.client.tracks.access.query({ userId, trackId }));
  }

  /** How the user may hear the style (the web process's rule; cached as long as trackAccess). */
  styleHearing(userId: string, trackId: string, styleId: number, intensity: Intensity = 'medium', amounts: Amounts = DEFAULT_AMOUNTS, referenceId: string | null = null): Promise<TStyleHearing> {
    return this.cached(this.hearing, `${userId}:${trackId}:${styleId}:${intensity}${amountsKeyOf(amounts)}@${referenceId ?? ''}`, ACCESS_TTL_MS, () =>
      this.client.tracks.styleHearing.query({ userId, trackId, styleId, intensity, amounts, referenceId }),
    );
  }

  /** Whether the id is the track's unmastered master (the id an upload answers); that never changes. */
  isUnmasteredMaster(trackId: string, masterId: string): Promise<boolean> {
    return this.cached(this.unmastered, `${trackId}:${masterId}`, STYLES_TTL_MS, () => this.client.masters.isUnmastered.query({ trackId, masterId }));
  }

  audioInfo(trackId: string): Promise<TTrackAudioInfo | null> {
    return this.cached(this.audio, trackId, AUDIO_INFO_TTL_MS, () => this.client.tracks.audioInfo.query({ trackId }));
  }

  /** Every style (enabled or not: a disabled style's existing master still streams). */
  allStyles(): Promise<TEngineStyle[]> {
    return this.cached(this.styles, 'all', STYLES_TTL_MS, () => this.client.catalogue.engineStyles.query({ enabledOnly: false }));
  }

  /** Enabled styles only, fresh: preparation fits exactly the styles a user may choose now. */
  enabledStyles(): Promise<TEngineStyle[]> {
    return this.client.catalogue.engineStyles.query({ enabledOnly: true });
  }

  async styleById(styleId: number): Promise<TEngineStyle | null> {
    return (await this.allStyles()).find((style) => style.id === styleId) ?? null;
  }

  async styleByIndex(styleIndex: number): Promise<TEngineStyle | null> {
    return (await this.allStyles()).find((style) => style.styleIndex === styleIndex) ?? null;
  }

  /** Cached briefly (a listener asks about every second); a bounce of this sidecar forgets it at once. */
  masterInfo(input: { trackId: string; styleId?: number | null; intensity?: Intensity; amounts?: Amounts; referenceId?: string | null; masterId?: string | null }): Promise<TMasterStreamInfo | null> {
    const key = `${input.trackId}:${input.styleId ?? ''}:${input.intensity ?? 'medium'}${amountsKeyOf(input.amounts)}@${input.referenceId ?? ''}:${input.masterId ?? ''}`;
    return this.cached(this.masters, key, MASTER_INFO_TTL_MS, () => this.client.masters.streamInfo.query(input));
  }

  forgetTrack(trackId: string): void {
    this.audio.delete(trackId);
    for (const key of this.masters.keys()) if (key.startsWith(`${trackId}:`)) this.masters.delete(key);
  }
}
