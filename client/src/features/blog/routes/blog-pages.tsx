import { Anchor, Button, Chip, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.js';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { PageHeader } from '../../../components/page-header.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { useSiteConfig } from '../../../lib/site-config.js';
import { trpc } from '../../../lib/trpc.js';
import { CoverImage } from '../components/cover-image.js';
import { PostCard, PostMeta } from '../components/post-card.js';
import classes from '../components/blog.module.css';

function BlogOff() {
  return (
    <Paper withBorder radius="md" p="lg">
      <HonestEmpty
        title={<Trans>This page could not be found</Trans>}
        actions={
          <Button component={Link} to="/" variant="default">
            <Trans>Back to the home page</Trans>
          </Button>
        }
      />
    </Paper>
  );
}

/** /blog: posts, newest first, filtered by category. */
export function BlogPage() {
  const { t } = useLingui();
  const config = useSiteConfig();
  const enabled = config.data?.features.blog ?? false;
  const [category, setCategory] = useState<string>('');
  const categories = trpc.blog.categories.useQuery(undefined, { enabled });
  const posts = trpc.blog.posts.useQuery(category ? { category, limit: 50 } : { limit: 50 }, { enabled, placeholderData: (previous) => previous });
  if (config.data && !enabled) return <BlogOff />;
  return (
    <>
      <PageHeader title={t`Blog`} description={t`Notes on mixing, mastering and releasing music.`} />
      <Stack gap="lg">
        {categories.data && categories.data.length > 0 && (
          <Chip.Group multiple={false} value={category} onChange={(value) => setCategory(value)}>
            <Group gap="xs" role="group" aria-label={t`Categories`}>
              <Chip value="">{t`All`}</Chip>
              {categories.data.map((c) => (
                <Chip key={c.slug} value={c.slug}>
                  {c.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        {posts.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={320} radius="md" />
            ))}
          </SimpleGrid>
        ) : posts.isError ? (
          <ErrorState error={posts.error} onRetry={() => void posts.refetch()} />
        ) : posts.data.length === 0 ? (
          <HonestEmpty title={<Trans>No posts here yet</Trans>} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {posts.data.map((post) => (
              <PostCard key={post.slug} post={post} headingOrder={2} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}

/** /blog/:slug — one post, opened from a Read button. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const config = useSiteConfig();
  const enabled = config.data?.features.blog ?? false;
  const post = trpc.blog.post.useQuery({ slug }, { enabled: enabled && slug !== '', retry: false });
  if (config.data && !enabled) return <BlogOff />;
  if (post.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={40} w="70%" />
        <Skeleton h={300} radius="md" />
        <Skeleton h={200} />
      </Stack>
    );
  }
  if (post.isError) {
    if (errorCodeOf(post.error) !== 'global.error.notFound') return <ErrorState error={post.error} onRetry={() => void post.refetch()} />;
    return (
      <Paper withBorder radius="md" p="lg">
        <HonestEmpty
          title={<Trans>This post is not available</Trans>}
          actions={
            <Button component={Link} to="/blog" variant="default">
              <Trans>All posts</Trans>
            </Button>
          }
        />
      </Paper>
    );
  }
  const data = post.data;
  return (
    <article lang={data.locale} data-testid="blog-post">
      <Stack gap="xs" mb="lg" maw={720}>
        <Anchor component={Link} to="/blog" size="sm">
          ← <Trans>Blog</Trans>
        </Anchor>
        <PostMeta post={data} size="sm" after={` · ${data.author}`} />
        <Title order={1} fz={{ base: 28, sm: 38 }} style={{ overflowWrap: 'anywhere' }}>
          {data.title}
        </Title>
        <Text size="lg" c="dimmed">
          {data.abstract}
        </Text>
      </Stack>
      {data.coverImage && (
        <div className={classes.postCover}>
          <CoverImage image={data.coverImage} alt="" sizes="(min-width: 1200px) 1200px, 100vw" eager />
        </div>
      )}
      {/* Rendered from Markdown and sanitised on the server when the post was saved (blog.markdown.ts). */}
      <Typography className={classes.body}>
        <div data-testid="blog-post-body" dangerouslySetInnerHTML={{ __html: data.html }} />
      </Typography>
    </article>
  );
}
