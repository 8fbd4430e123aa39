import { useEffect, useEffectEvent } from 'react';
import type { PlayerController } from '../audio/player-controller.js';
import { ownsKeyboard } from './keyboard-owner.js';

/** The key that toggles Original/Mastered (said in the UI): A, as in A/B. */
export const TOGGLE_KEY = 'a';

/** A radio or checkbox (the Original/Mastered switch just clicked): A still toggles, other keys keep their own meaning. */
function isChoiceInput(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox');
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || isChoiceInput(target)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'slider';
}

/** Space plays and pauses, A toggles Original/Mastered, arrows seek; only for the player that owns the keyboard. */
export function usePlayerKeys(controller: PlayerController | null, actions: { play: () => void; toggleVersion: () => void }): void {
  const onKeyEvent = useEffectEvent((event: KeyboardEvent) => {
    if (!controller) return;
    if (!ownsKeyboard(controller) || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
    if (isChoiceInput(event.target) && event.key.toLowerCase() !== TOGGLE_KEY) return;
    const onButton = event.target instanceof HTMLElement && (event.target.tagName === 'BUTTON' || event.target.tagName === 'A');
    if (event.key === ' ' && !onButton) actions.play();
    else if (event.key.toLowerCase() === TOGGLE_KEY) actions.toggleVersion();
    else if (event.key === 'ArrowLeft') controller.seekBy(event.shiftKey ? -1 : -5);
    else if (event.key === 'ArrowRight') controller.seekBy(event.shiftKey ? 1 : 5);
    else return;
    event.preventDefault();
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => onKeyEvent(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
