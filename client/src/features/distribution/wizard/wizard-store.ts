import { useEffect } from 'react';
import { create } from 'zustand';
import type { TSectionName } from '../../../../../src/modules/releases/releases.schemas.js';

/**
 * What the wizard keeps in the browser beside the server's draft: the
 * in-progress counter of master uploads, the masters being uploaded, the failed selection whose error
 * shows 5 s, the cover upload's status and progress, and the sections seen in this visit (the server
 * keeps `visited` too; this copy shows a step's messages at once, before the server answers).
 */
export type CoverUploadStatus = 'Initial' | 'Saving' | 'Success' | 'Failed';

export interface WizardState {
  /** One entry per master upload in progress (their count is the in-progress counter). */
  uploadingMasterIds: readonly string[];
  /** On failure the error shows 5 seconds. */
  selectionError: { masterId: string; code: string } | null;
  coverUploadStatus: CoverUploadStatus;
  coverProgress: number;
  coverError: string | null;
  visited: readonly TSectionName[];
  /** Editors holding changes that are not saved (a track's details or shares): leaving the step asks first. */
  unsaved: readonly string[];
  /**
   * The release was just handed to the stores and the wizard is on its way to the release list: its
   * draft, now empty, must not send it to the start page instead (the wizard resets once it is left).
   */
  handedOff: boolean;
}

const initial: WizardState = {
  uploadingMasterIds: [],
  selectionError: null,
  coverUploadStatus: 'Initial',
  coverProgress: 0,
  coverError: null,
  visited: [],
  unsaved: [],
  handedOff: false,
};

/** Read in React through `useWizardState`; `getState` and `setState` serve the code outside React. */
export const wizardStore = create<WizardState>()(() => initial);

/** Selectors return a field or another stable value, never a new object: React would render again and again. */
export function useWizardState<T>(selector: (state: WizardState) => T): T {
  return wizardStore(selector);
}

/** Cancel: the draft resets (the reference data lives in react-query and stays). */
export function resetWizard(): void {
  wizardStore.setState(initial, true);
}

export function markVisitedLocally(section: TSectionName): void {
  wizardStore.setState((state) => (state.visited.includes(section) ? state : { ...state, visited: [...state.visited, section] }));
}

/** Selecting or deselecting a song marks track list and participants as not visited. */
export function forgetVisited(sections: readonly TSectionName[]): void {
  wizardStore.setState((state) => ({ visited: state.visited.filter((section) => !sections.includes(section)) }));
}

export function uploadStarted(masterId: string): void {
  wizardStore.setState((state) => ({ uploadingMasterIds: [...state.uploadingMasterIds, masterId] }));
}

export function uploadEnded(masterId: string): void {
  wizardStore.setState((state) => {
    const at = state.uploadingMasterIds.indexOf(masterId);
    return at < 0 ? state : { ...state, uploadingMasterIds: state.uploadingMasterIds.filter((_, index) => index !== at) };
  });
}

/** The upload error shows 5 s. */
export const SELECTION_ERROR_MS = 5000;
let selectionTimer: ReturnType<typeof setTimeout> | undefined;

export function showSelectionError(masterId: string, code: string): void {
  clearTimeout(selectionTimer);
  wizardStore.setState({ selectionError: { masterId, code } });
  selectionTimer = setTimeout(() => wizardStore.setState({ selectionError: null }), SELECTION_ERROR_MS);
}

export function setCoverUpload(update: Partial<Pick<WizardState, 'coverUploadStatus' | 'coverProgress' | 'coverError'>>): void {
  wizardStore.setState(update);
}

/** An editor reports whether it holds changes that are not saved yet. */
export function setUnsaved(editor: string, unsaved: boolean): void {
  wizardStore.setState((state) => {
    const has = state.unsaved.includes(editor);
    if (has === unsaved) return state;
    return { ...state, unsaved: unsaved ? [...state.unsaved, editor] : state.unsaved.filter((key) => key !== editor) };
  });
}

/** An editor's changes count as unsaved while `unsaved` holds, and no longer once the editor is gone. */
export function useUnsavedChanges(editor: string, unsaved: boolean): void {
  useEffect(() => {
    setUnsaved(editor, unsaved);
  }, [editor, unsaved]);
  useEffect(() => () => setUnsaved(editor, false), [editor]);
}

/** The user chose to leave without saving: the editors' changes are dropped with the step. */
export function forgetUnsaved(): void {
  wizardStore.setState((state) => (state.unsaved.length === 0 ? state : { ...state, unsaved: [] }));
}
