import { useSyncExternalStore } from 'react';

/**
 * A guest's chosen file is held while they log in, and uploaded once they are logged in.
 * Kept in memory only: a File cannot be stored elsewhere, and a reload drops it.
 */
let held: File | null = null;
const listeners = new Set<() => void>();

export function holdFile(file: File | null): void {
  held = file;
  for (const listener of listeners) listener();
}

export function getHeldFile(): File | null {
  return held;
}

export function useHeldFile(): File | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => held,
    () => null,
  );
}
