import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, reloadAtMostOncePerMinute } from './guarded-reload.js';

function memoryStore() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('guarded reload', () => {
  it('when a reason fails again within 60 s, then the page reloads once; after 60 s it may reload again', () => {
    const store = memoryStore();
    let reloads = 0;
    const at = (now: number) => reloadAtMostOncePerMinute('chunk', { now, store, reload: () => void reloads++ });
    expect(at(1_000_000)).toBe(true);
    expect(at(1_000_000 + 5_000)).toBe(false);
    expect(at(1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloads).toBe(1);
    expect(at(1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('when one reason just reloaded, then another reason still may', () => {
    const store = memoryStore();
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadAtMostOncePerMinute('chunk', { now: 1_000_000, store, reload })).toBe(true);
    expect(reloadAtMostOncePerMinute('download', { now: 1_000_010, store, reload })).toBe(true);
    expect(reloads).toBe(2);
  });
});
