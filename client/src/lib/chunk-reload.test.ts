import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, reloadForFailedChunk } from './chunk-reload.js';

function memoryStore() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('reload after a failed code chunk', () => {
  it('when chunks fail again within 60 s, then the page reloads once; after 60 s it may reload again', () => {
    const store = memoryStore();
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadForFailedChunk(store, 1_000_000, reload)).toBe(true);
    expect(reloadForFailedChunk(store, 1_000_000 + 5_000, reload)).toBe(false);
    expect(reloadForFailedChunk(store, 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadForFailedChunk(store, 1_000_000 + CHUNK_RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
});
