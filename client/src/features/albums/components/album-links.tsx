import { Anchor, Group, Text } from '@mantine/core';
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { trpc } from '../../../lib/trpc.js';

/** The user's albums (newest first), each a link to its page; nothing while there are none. */
export function AlbumLinks() {
  const albums = trpc.albums.list.useQuery();
  if (!albums.data?.length) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="album-links">
      <Text size="sm" c="dimmed">
        <Trans>Your albums:</Trans>
      </Text>
      {albums.data.map((album) => (
        <Anchor key={album.id} component={Link} to={`/masters/album/${album.id}`} size="sm">
          {album.tracks[0]?.name} (<Plural value={album.tracks.length} one="# track" other="# tracks" />)
        </Anchor>
      ))}
    </Group>
  );
}
