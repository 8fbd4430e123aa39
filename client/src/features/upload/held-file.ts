import { create } from 'zustand';
import { trackFileProblem } from './track-file.js';
import { rejectFile } from './upload-store.js';

/**
 * A guest's chosen file is held while they log in, and uploaded once they are logged in.
 * Kept in memory only: a File cannot be stored elsewhere, and a reload drops it.
 */
const useHeldFileStore = create<{ file: File | null }>()(() => ({ file: null }));

export function holdFile(file: File | null): void {
  useHeldFileStore.setState({ file });
}

/**
 * A file the user chose: refused through the upload host's one notice (for 5 s) when it cannot be
 * uploaded, else held for the upload. True when it is held.
 */
export function takeTrackFile(file: File): boolean {
  const found = trackFileProblem(file);
  rejectFile(found);
  if (found) return false;
  holdFile(file);
  return true;
}

export function getHeldFile(): File | null {
  return useHeldFileStore.getState().file;
}

export function useHeldFile(): File | null {
  return useHeldFileStore((state) => state.file);
}
