/**
 * Lets any button (the Prices dialog's call to action, a style's Select button) open the upload
 * area's file picker. Only one upload area is mounted at a time; it registers its opener here.
 */
let opener: (() => void) | null = null;

export function registerFilePicker(open: () => void): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

/** Must run inside the click handler (browsers only open pickers on a user gesture). */
export function openFilePicker(): boolean {
  if (!opener) return false;
  opener();
  return true;
}
