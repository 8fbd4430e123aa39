import { useIsLoggedIn } from '../auth/index.js';
import { trpc } from '../../lib/trpc.js';
import { useSiteConfig } from '../../lib/site-config.js';

/**
 * Distribution account state: the subscription and the distribution user load after
 * login; the reference data (utilities, outlets, meta info) only once the user has a distribution
 * user. Everything comes from the server through react-query, so a login, a subscribe or a setup
 * refreshes it by invalidation.
 */
export function useDistributionSubscription() {
  const loggedIn = useIsLoggedIn();
  const config = useSiteConfig();
  const enabled = loggedIn && config.data?.features.distribution !== false;
  // A failed subscription fetch is silent (the add-on just looks off).
  return trpc.distribution.subscription.useQuery(undefined, { enabled, retry: 1 });
}

export function useHasDistributionSubscription(): boolean {
  return useDistributionSubscription().data?.active === true;
}

/** A user has a distribution account only when all four ids are present. */
export function hasDistributionAccount(user: { distributionUserId: string | null; distributionArtistId: string | null; distributionParticipantId: string | null; distributionLabelId: string | null } | undefined): boolean {
  return Boolean(user?.distributionUserId && user.distributionArtistId && user.distributionParticipantId && user.distributionLabelId);
}

export function useDistributionUser() {
  const loggedIn = useIsLoggedIn();
  const me = trpc.accounts.me.useQuery(undefined, { enabled: loggedIn });
  return { isPending: loggedIn && me.isPending, hasUser: hasDistributionAccount(me.data), user: me.data };
}

export function useHasDistributionUser(): boolean {
  return useDistributionUser().hasUser;
}

/**
 * initialising: utilities, outlets and meta info load in parallel once the user has a
 * distribution user; `initialised` when all three are there.
 */
export function useDistributionData() {
  const { hasUser } = useDistributionUser();
  const utilities = trpc.distribution.utilities.useQuery(undefined, { enabled: hasUser, staleTime: Infinity });
  const outlets = trpc.distribution.outlets.useQuery(undefined, { enabled: hasUser, staleTime: Infinity });
  const metaInfo = trpc.distribution.metaInfo.useQuery(undefined, { enabled: hasUser });
  return { utilities, outlets, metaInfo, initialised: Boolean(utilities.data && outlets.data && metaInfo.data) };
}

type Selection = { kind: 'artist'; trackId: number | undefined; artistId: number } | { kind: 'participant'; trackIndex: number | undefined; participantId: number };
const selectionListeners = new Set<(selection: Selection) => void>();

/** The DistributionArtist and DistributionParticipant dialogs' 'select' action tells the release editor what was picked. */
export function onDistributionSelection(listener: (selection: Selection) => void): () => void {
  selectionListeners.add(listener);
  return () => selectionListeners.delete(listener);
}

export function emitDistributionSelection(selection: Selection): void {
  for (const listener of selectionListeners) listener(selection);
}
