import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { TPostTeaser } from '../../../../../src/modules/blog/blog.schemas.js';
import { CoverImage } from './cover-image.js';

export function formatPostDate(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** A post's teaser with its Read button to /blog/{slug}. */
export function PostCard({ post, headingOrder = 3 }: { post: TPostTeaser; headingOrder?: 2 | 3 }) {
  const { t, i18n } = useLingui();
  const title = post.title;
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="post-teaser">
      {post.coverImage && (
        <Card.Section>
          <CoverImage image={post.coverImage} alt="" sizes="(min-width: 768px) 33vw, 100vw" />
        </Card.Section>
      )}
      <Stack gap="xs" mt={post.coverImage ? 'md' : 0} style={{ flex: 1 }}>
        <Group gap="xs">
          {post.category && (
            <Badge variant="light" color="mastered">
              {post.category.name}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {formatPostDate(post.published_at, i18n.locale)}
          </Text>
        </Group>
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
