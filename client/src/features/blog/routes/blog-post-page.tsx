import { Button, Paper } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { PageHeader } from '../../../components/page-header.js';

/** /blog/:slug — posts come from a content service that is not connected yet. */
export function BlogPostPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Blog`} />
      <Paper withBorder radius="md" p="lg">
        <HonestEmpty
          title={<Trans>This post is not available</Trans>}
          description={<Trans>The blog is not connected yet.</Trans>}
          actions={
            <Button component={Link} to="/" variant="default">
              <Trans>Back to the home page</Trans>
            </Button>
          }
        />
      </Paper>
    </>
  );
}
