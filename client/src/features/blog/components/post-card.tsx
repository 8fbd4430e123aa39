import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { TPostTeaser } from '../../../../../src/modules/blog/blog.schemas.js';
import { CoverImage } from './cover-image.js';

export function formatPostDate(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** A post's category (if it has one) and its date, with what follows the date (the post page: its author). */
export function PostMeta({ post, size, after }: { post: Pick<TPostTeaser, 'category' | 'published_at'>; size: 'xs' | 'sm'; after?: string }) {
  const { i18n } = useLingui();
  return (
    <Group gap="xs">
      {post.category && (
        <Badge variant="light" color="mastered">
          {post.category.name}
        </Badge>
      )}
      <Text size={size} c="dimmed">
        {formatPostDate(post.published_at, i18n.locale)}
        {after}
      </Text>
    </Group>
  );
}

/** A post's teaser with its Read button to /blog/{slug}. */
export function PostCard({ post, headingOrder = 3 }: { post: TPostTeaser; headingOrder?: 2 | 3 }) {
  const { t } = useLingui();
  const title = post.title;
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="post-teaser">
      {post.coverImage && (
        <Card.Section>
          <CoverImage image={post.coverImage} alt="" sizes="(min-width: 768px) 33vw, 100vw" />
        </Card.Section>
      )}
      <Stack gap="xs" mt={post.coverImage ? 'md' : 0} style={{ flex: 1 }}>
        <PostMeta post={post} size="xs" />
        <Title order={headingOrder} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {post.title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {post.abstract}
        </Text>
        <Group justify="space-between" align="center">
          <Text size="xs" c="dimmed">
            {post.author}
          </Text>
          <Button component={Link} to={`/blog/${post.slug}`} variant="light" size="compact-md" aria-label={t`Read: ${title}`}>
            <Trans>Read</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
