import { Paper, Progress, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useAnyDownloadProgress } from '../downloads.js';
import classes from './download-progress-notice.module.css';

/** Long work shows its progress: a running download, wherever it was started. */
export function DownloadProgressNotice() {
  const percent = useAnyDownloadProgress();
  if (percent === null) return null;
  return (
    <Paper className={classes.notice} withBorder shadow="md" p="sm" radius="md" role="status" aria-live="polite" data-testid="download-progress">
      <Stack gap={6}>
        <Text size="sm">
          <Trans>Downloading… {percent} %</Trans>
        </Text>
        <Progress value={percent} size="sm" aria-hidden />
      </Stack>
    </Paper>
  );
}
