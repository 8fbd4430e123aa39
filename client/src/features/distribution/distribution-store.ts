/**
 * Distribution account state (spec §3/§4). Subscriptions and the distribution user arrive with the
 * distribution issue; until then a user has neither, so the wrapper sends everyone away.
 */
export function useHasDistributionSubscription(): boolean {
  return false;
}

export function useHasDistributionUser(): boolean {
  return false;
}

/** The album the release wizard is building; none until the wizard can create one. */
export function useCurrentAlbumId(): number | null {
  return null;
}
