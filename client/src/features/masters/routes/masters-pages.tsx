import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.js';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { PageHeader } from '../../../components/page-header.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { openFilePicker } from '../../../lib/file-picker.js';
import { trpc } from '../../../lib/trpc.js';
import { AlbumLinks } from '../../albums/index.js';
import { MasteringSessionProvider } from '../../player/index.js';
import { MasterList } from '../components/master-list.js';
import { MasterPageSkeleton } from '../components/master-page-skeleton.js';
import { OwnerMasterView } from '../components/owner-master-view.js';
import { SharedMasterView } from '../components/shared-master-view.js';
import type { TMaster } from '../../../../../src/modules/masters/masters.schemas.js';
import type { TSharedMaster } from '../../../../../src/modules/sharing/sharing.schemas.js';
import type { OrderDirection, OrderEntity } from '../lib/master-rows.js';

type Order = { orderEntity: OrderEntity; orderDirection: OrderDirection };
const DEFAULT_ORDER: Order = { orderEntity: 'date', orderDirection: 'DESC' };

function ListSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={52} radius="sm" />
      ))}
    </Stack>
  );
}

/** /masters: the user's own masters, sortable, with share, edit and delete. */
export function MastersPage() {
  const { t } = useLingui();
  const dialogs = useDialogs();
  const app = useAppStoreApi();
  const utils = trpc.useUtils();
  const [order, setOrder] = useState<Order>(DEFAULT_ORDER);
  const masters = trpc.masters.masters.useQuery(order, { placeholderData: (previous) => previous });
  const remove = trpc.masters.removeMaster.useMutation();

  return (
    <MasterListPage
      title={t`Your masters`}
      description={t`Every track you upload and every master you make is listed here.`}
      query={masters}
      actions={
        masters.data && new Set(masters.data.map((row) => row.track.id)).size >= 2 ? (
          <Group mb="md" gap="md">
            <Button component={Link} to="/masters/album" variant="light">
              <Trans>Master as album</Trans>
            </Button>
            <AlbumLinks />
          </Group>
        ) : null
      }
      empty={
        <HonestEmpty
          title={<Trans>Your masters will appear here</Trans>}
          description={<Trans>Drop a WAV file anywhere on this page, or choose one, and pick a style to make your first master.</Trans>}
          actions={
            <Button component={Link} to="/" onClick={(event) => openFilePicker() && event.preventDefault()}>
              <Trans>Upload a track</Trans>
            </Button>
          }
        />
      }
    >
      {(rows) => (
        <MasterList
          rows={rows}
          mode="own"
          order={order}
          onOrderChange={setOrder}
          onShare={(row) => dialogs.open('ShareTrack', { masterId: row.id })}
          onEdit={(row) => dialogs.open('EditTrack', { trackId: row.track.id })}
          onDelete={async (row) => {
            try {
              const removed = await remove.mutateAsync({ id: row.id });
              // A removal that does not answer true is a failure.
              if (removed !== true) app.showError('master.removeFailed');
            } catch (error) {
              const code = errorCodeOf(error);
              app.showError(code === 'global.error.server' ? 'master.removeFailed' : code);
            }
            await utils.masters.invalidate();
          }}
        />
      )}
    </MasterListPage>
  );
}

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T[] | undefined;
  refetch: () => unknown;
}

/** A page of masters: its header, then a skeleton while the list loads, the failure with a retry, `empty` when there are none, else the list. */
function MasterListPage<T>({ title, description, query, actions, empty, children }: { title: string; description: string; query: ListQuery<T>; actions?: ReactNode; empty: ReactNode; children: (rows: T[]) => ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      {actions}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError || !query.data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          empty
        ) : (
          children(query.data)
        )}
      </Paper>
    </>
  );
}

/** /masters/shared: masters other people shared with the user; view-only with the owner's e-mail. */
export function SharedMastersPage() {
  const { t } = useLingui();
  const [order, setOrder] = useState<Order>(DEFAULT_ORDER);
  const shared = trpc.sharing.sharedWithMe.useQuery(order, { placeholderData: (previous) => previous });
  return (
    <MasterListPage
      title={t`Shared with me`}
      description={t`Masters that other people share with you, to listen to and compare with the original.`}
      query={shared}
      empty={<HonestEmpty title={<Trans>Nothing has been shared with you yet</Trans>} description={<Trans>When someone shares a master with your e-mail address, it appears here.</Trans>} />}
    >
      {(rows) => <MasterList rows={rows} mode="shared" order={order} onOrderChange={setOrder} />}
    </MasterListPage>
  );
}

/** /masters/song/:id — the master page, for the owner or for someone it is shared with. */
export function MasterSongPage() {
  const { id } = useParams();
  if (!id) {
    return (
      <Paper withBorder radius="md" p="lg">
        <HonestEmpty
          title={<Trans>No master chosen</Trans>}
          description={<Trans>Open a master from your list, or upload a track to make a new one.</Trans>}
          actions={
            <Button component={Link} to="/masters" variant="default">
              <Trans>Back to your masters</Trans>
            </Button>
          }
        />
      </Paper>
    );
  }
  return <MasterPage key={id} id={id} />;
}

/**
 * The owner's and the viewer's page of a master. A link that says it is a share (the invitation's
 * `?share=`, the shared list's `?shared`) asks as a viewer first, so a viewer's first load does not
 * knock at the owner's door (a 404 in the log); any other link asks as the owner first.
 */
function MasterPage({ id }: { id: string }) {
  const [search] = useSearchParams();
  return search.has('share') || search.has('shared') ? <ViewerFirst id={id} /> : <OwnerFirst id={id} />;
}

const isNotFound = (error: unknown) => error != null && errorCodeOf(error) === 'global.error.notFound';

function OwnerFirst({ id }: { id: string }) {
  const own = trpc.masters.master.useQuery({ id }, { retry: false });
  const shared = trpc.sharing.sharedMaster.useQuery({ id }, { enabled: isNotFound(own.error), retry: false });
  return <MasterAnswer own={own} shared={shared} />;
}

function ViewerFirst({ id }: { id: string }) {
  const shared = trpc.sharing.sharedMaster.useQuery({ id }, { retry: false });
  const own = trpc.masters.master.useQuery({ id }, { enabled: isNotFound(shared.error), retry: false });
  return <MasterAnswer own={own} shared={shared} />;
}

interface Answer<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

/** The page for what the two questions answered: the owner's view, the viewer's, not found, or a failure. */
function MasterAnswer({ own, shared }: { own: Answer<TMaster>; shared: Answer<TSharedMaster> }) {
  if (own.data) {
    return (
      <MasteringSessionProvider trackId={own.data.track.id}>
        <OwnerMasterView master={own.data} />
      </MasteringSessionProvider>
    );
  }
  if (shared.data) {
    return (
      <MasteringSessionProvider trackId={shared.data.track.id}>
        <SharedMasterView master={shared.data} />
      </MasteringSessionProvider>
    );
  }
  if (isNotFound(own.error) && isNotFound(shared.error)) {
    return (
      <Paper withBorder radius="md" p="lg">
        <HonestEmpty
          title={<Trans>This master cannot be found</Trans>}
          description={<Trans>It may have been deleted, or it is not shared with you.</Trans>}
          actions={
            <Button component={Link} to="/masters" variant="default">
              <Trans>Back to your masters</Trans>
            </Button>
          }
        />
      </Paper>
    );
  }
  const failure = [own.error, shared.error].find((error) => error != null && !isNotFound(error));
  if (!failure) return <MasterPageSkeleton />;
  return (
    <ErrorState
      error={failure}
      onRetry={() => {
        if (own.error) void own.refetch();
        if (shared.error) void shared.refetch();
      }}
    />
  );
}
