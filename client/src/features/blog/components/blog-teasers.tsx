import { Anchor, Box, Group, SimpleGrid, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { trpc } from '../../../lib/trpc.js';
import { useBlogEnabled } from '../use-blog-enabled.js';
import { PostCard } from './post-card.js';

/** The home page's blog teasers: the newest posts with Read buttons; nothing without posts or blog. */
export function BlogTeasers() {
  const enabled = useBlogEnabled();
  const posts = trpc.blog.posts.useQuery({ limit: 3 }, { enabled });
  if (!enabled || !posts.data || posts.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="blog-heading" data-testid="blog-teasers">
      <Group justify="space-between" align="baseline" mb="lg">
        <Title order={2} id="blog-heading">
          <Trans>From the blog</Trans>
        </Title>
        <Anchor component={Link} to="/blog">
          <Trans>All posts</Trans>
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {posts.data.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
