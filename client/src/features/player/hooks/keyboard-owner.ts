import type { PlayerController } from '../audio/player-controller.js';

/**
 * The player that answers the keyboard: the last one played or touched. Module state, because a
 * page may show several players and only one of them may take Space and A.
 */
let owner: PlayerController | null = null;

export function claimKeyboard(controller: PlayerController): void {
  owner = controller;
}

/** A new player takes the keyboard only when no other player holds it. */
export function offerKeyboard(controller: PlayerController): void {
  owner ??= controller;
}

export function releaseKeyboard(controller: PlayerController): void {
  if (owner === controller) owner = null;
}

export function ownsKeyboard(controller: PlayerController): boolean {
  return owner === controller;
}
