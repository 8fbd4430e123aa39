import { create } from 'zustand';

/**
 * A guest's chosen file is held while they log in, and uploaded once they are logged in.
 * Kept in memory only: a File cannot be stored elsewhere, and a reload drops it.
 */
const useHeldFileStore = create<{ file: File | null }>()(() => ({ file: null }));

export function holdFile(file: File | null): void {
  useHeldFileStore.setState({ file });
}

export function getHeldFile(): File | null {
  return useHeldFileStore.getState().file;
}

export function useHeldFile(): File | null {
  return useHeldFileStore((state) => state.file);
}
