import { Alert } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useAppState } from '../../../lib/app-store.js';
import { trpc } from '../../../lib/trpc.js';

/** The share id of a share mail's link (`/masters/song/{id}?share={shareId}`) kept for after the sign-in. */
function shareIdOf(path: string | null): string | null {
  if (!path?.startsWith('/masters/song/')) return null;
  return new URLSearchParams(path.split('?')[1] ?? '').get('share');
}

/**
 * A signed-out recipient of a share link is asked to sign in, and told why: who shared
 * which master. Shown in the Login and SignUp dialogs while that link waits for the sign-in.
 */
export function ShareInvitationLine() {
  const shareId = shareIdOf(useAppState((state) => state.redirectAfterLogin));
  const invitation = trpc.sharing.shareInvitation.useQuery({ id: shareId ?? '' }, { enabled: shareId !== null, retry: false });
  if (!shareId || !invitation.data) return null;
  const { sharer, trackName } = invitation.data;
  return (
    <Alert color="blue" variant="light" data-testid="share-invitation">
      <Trans>
        {sharer} shared the master of “{trackName}” with you. Sign in with {invitation.data.email} to listen to it.
      </Trans>
    </Alert>
  );
}
