import { Badge, Button, Card, Center, Group, Image, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { OUTLET_STATUS, type TAlbum, type TReleaseOutlet } from '../../../../../src/modules/releases/releases.schemas.js';
import { ErrorState } from '../../../components/error-state.js';
import { QueryPage } from '../../../components/query-page.js';
import { PageHeader } from '../../../components/page-header.js';
import { tabularFigures } from '../../../app/theme.js';
import { trpc } from '../../../lib/trpc.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { deliveryStateLabel, formatReleaseDate, statusLabel } from '../lib/release-format.js';
import { NEW_RELEASE_PATH } from '../wizard/release-steps.js';
import classes from './releases-page.module.css';
import { LoadingIndicator } from '../../../components/loading-indicator.js';

/** While a store has not answered, the page asks again this often (the delivery runs in the background). */
const FOLLOW_MS = 2000;
const isPending = (outlet: TReleaseOutlet) => outlet.outlet_status.status_code === OUTLET_STATUS.pending.status_code || outlet.delivery_state === 'takedown_requested';
/** The stores that have (or are getting) the release: what a takedown withdraws it from. */
const TAKEABLE: ReadonlySet<TReleaseOutlet['delivery_state']> = new Set(['queued', 'uploaded', 'acknowledged', 'live', 'unreadable']);

/**
 * /distribution/releases: every release with its cover thumbnail, status (provider
 * prefix stripped), disapprove message, release date and track count; a release expands on click
 * and loads its stores once, grouped as disapproved, distributed and all.
 */
export function ReleasesPage() {
  const { t } = useLingui();
  const albums = trpc.releases.list.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some((album) => /DELIVERING$/.test(album.album_status.status_name)) ? FOLLOW_MS : false),
  });
  const header = (
    <Group justify="space-between" align="flex-start" gap="sm">
      <PageHeader title={t`Releases`} description={t`Your releases and where each store stands with them.`} />
      <Button component={Link} to={NEW_RELEASE_PATH} data-testid="new-release-link">
        <Trans>New release</Trans>
      </Button>
    </Group>
  );
  return (
    <QueryPage header={header} query={albums}>
      {(data) => (
        <>
        {data.length === 0 ? (
          <Card withBorder radius="md" padding="lg" data-testid="releases-empty">
            <Stack gap="sm" align="flex-start">
              <Text fw={600}>
                <Trans>No releases yet</Trans>
              </Text>
              <Text c="dimmed" size="sm">
                <Trans>Build your first release from your masters and send it to the stores.</Trans>
              </Text>
            </Stack>
          </Card>
        ) : (
          <Stack gap="sm" data-testid="release-list">
            {data.map((album) => (
              <ReleaseItem key={album.release_id} album={album} />
            ))}
          </Stack>
        )}
        </>
      )}
    </QueryPage>
  );
}

function ReleaseItem({ album }: { album: TAlbum }) {
  const { t, i18n } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const status = i18n._(statusLabel(album.album_status.status_name));
  const date = formatReleaseDate(album.release_date ?? album.original_release_date, i18n.locale);
  const panelId = `release-${album.release_id}-stores`;
  return (
    <Card withBorder radius="md" padding={0} data-testid="release-item" data-release-id={album.release_id}>
      <UnstyledButton className={classes.summary} onClick={() => setExpanded((open) => !open)} aria-expanded={expanded} aria-controls={panelId}>
        {album.cover_image ? (
          <Image src={album.cover_image.thumbnail.url} alt={t`Cover of ${album.name}`} w={56} h={56} radius="sm" />
        ) : (
          <div className={classes.noCover} aria-hidden="true" />
        )}
        <Stack gap={2} miw={0} className={classes.grow}>
          {/* The whole title, wrapped if need be: beside the badge on a phone little room is left. */}
          <Text fw={650} style={{ overflowWrap: 'anywhere' }} data-testid="release-name">
            {album.name || t`Untitled release`}
          </Text>
          <Text size="sm" c="dimmed" style={tabularFigures}>
            {date}
            {date && ' · '}
            <Plural value={album.track_count} one="# track" other="# tracks" />
          </Text>
          {album.disapprove_message && (
            <Text size="sm" c="red.5" data-testid="release-disapprove-message">
              {i18n._(errorMessageOf(album.disapprove_message))}
            </Text>
          )}
        </Stack>
        <Badge variant="light" color={/DISAPPROVED/.test(album.album_status.status_name) ? 'red' : 'gray'} data-testid="release-status" className={classes.badge}>
          {status}
        </Badge>
        <span aria-hidden="true" className={classes.chevron} data-open={expanded || undefined}>
          ›
        </span>
      </UnstyledButton>
      <div id={panelId}>{expanded && <ReleaseOutlets albumId={album.release_id} />}</div>
    </Card>
  );
}

/** Loaded once on the first expand (react-query keeps it); asked again only while a store is pending. */
function ReleaseOutlets({ albumId }: { albumId: number }) {
  const { t } = useLingui();
  const outlets = trpc.releases.outlets.useQuery(
    { albumId },
    { staleTime: Infinity, refetchInterval: (query) => (query.state.data?.some(isPending) ? FOLLOW_MS : false) },
  );
  if (outlets.isPending) {
    return (
      <Center py="md">
        <LoadingIndicator size="sm" />
      </Center>
    );
  }
  if (outlets.isError) {
    return (
      <div className={classes.panel}>
        <ErrorState error={outlets.error} onRetry={() => void outlets.refetch()} />
      </div>
    );
  }
  const disapproved = outlets.data.filter((outlet) => outlet.outlet_status.status_code === OUTLET_STATUS.disapproved.status_code);
  const distributed = outlets.data.filter((outlet) => outlet.outlet_status.status_code === OUTLET_STATUS.distributed.status_code);
  return (
    <Stack gap="md" className={classes.panel} data-testid="release-outlets">
      {outlets.data.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No stores chosen yet.</Trans>
        </Text>
      )}
      <OutletGroup title={t`Disapproved`} outlets={disapproved} testId="outlets-disapproved" />
      <OutletGroup title={t`Distributed`} outlets={distributed} testId="outlets-distributed" />
      <OutletGroup title={t`All stores`} outlets={outlets.data} testId="outlets-all" />
      {outlets.data.some((outlet) => TAKEABLE.has(outlet.delivery_state)) && <TakeDown albumId={albumId} onDone={() => void outlets.refetch()} />}
    </Stack>
  );
}

/** Withdraws the release from every store; asks once more before it does. */
function TakeDown({ albumId, onDone }: { albumId: number; onDone: () => void }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const takeDown = trpc.releases.takeDown.useMutation({ onSuccess: onDone });
  if (!confirming) {
    return (
      <Group>
        <Button variant="default" color="red" size="xs" onClick={() => setConfirming(true)} data-testid="take-down">
          <Trans>Take down from all stores</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" data-testid="take-down-confirm">
      <Text size="sm">
        <Trans>The stores will remove this release. Streams and sales stop once each store confirms. This cannot be undone here.</Trans>
      </Text>
      <Group gap="xs">
        <Button color="red" size="xs" loading={takeDown.isPending} onClick={() => takeDown.mutate({ albumId })}>
          <Trans>Take down</Trans>
        </Button>
        <Button variant="default" size="xs" onClick={() => setConfirming(false)} disabled={takeDown.isPending}>
          <Trans>Keep it in the stores</Trans>
        </Button>
      </Group>
      {takeDown.error && (
        <Text size="xs" c="red.5" role="alert">
          {i18n._(errorMessageOf(takeDown.error.message))}
        </Text>
      )}
    </Stack>
  );
}

function OutletGroup({ title, outlets, testId }: { title: string; outlets: TReleaseOutlet[]; testId: string }) {
  const { i18n } = useLingui();
  if (outlets.length === 0) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={3} size="h6">
        {title} <span style={tabularFigures}>({outlets.length})</span>
      </Title>
      {outlets.map((outlet) => (
        <div key={outlet.store_id} className={classes.outlet} data-testid="outlet-row" data-status-code={outlet.outlet_status.status_code}>
          <Stack gap={0} miw={0} className={classes.grow}>
            <Text size="sm" fw={500}>
              {outlet.store_name}
            </Text>
            {outlet.child_stores.length > 0 && (
              <Text size="xs" c="dimmed">
                {outlet.child_stores.join(', ')}
              </Text>
            )}
            {outlet.disapprove_message && (
              <Text size="xs" c="red.5" data-testid="store-reason">
                {i18n._(errorMessageOf(outlet.disapprove_message))}
              </Text>
            )}
            {outlet.store_text && (
              <Text size="xs" c="dimmed" data-testid="store-text">
                “{outlet.store_text}”
              </Text>
            )}
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="sm" data-testid="delivery-state" data-state={outlet.delivery_state}>
              {i18n._(deliveryStateLabel(outlet.delivery_state))}
            </Text>
            <Text size="xs" c="dimmed" style={tabularFigures}>
              {formatReleaseDate(outlet.release_start_date, i18n.locale)}
            </Text>
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
