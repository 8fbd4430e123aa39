import { Anchor, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useUploadState } from '../upload-store.js';
import classes from './upload-host.module.css';

/** The upload's progress over the page, with a way to cancel by reloading. */
export function UploadProgressOverlay() {
  const progress = useUploadState((s) => s.uploadProgress);
  const fileName = useUploadState((s) => s.fileName);
  const finishing = progress >= 100;
  return (
    <div className={classes.progressOverlay} role="dialog" aria-modal="true" aria-labelledby="upload-progress-title">
      <Paper radius="lg" p="xl" withBorder maw={420} w="100%">
        <Stack align="center" gap="md" ta="center">
          <RingProgress
            size={160}
            thickness={10}
            roundCaps
            sections={[{ value: progress, color: 'mastered' }]}
            label={
              <Text ta="center" fz={28} fw={650} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="upload-percent">
                {progress} %
              </Text>
            }
          />
          <Title order={2} fz="lg" id="upload-progress-title" aria-live="polite">
            {finishing ? <Trans>Finishing upload</Trans> : <Trans>Uploading your track</Trans>}
          </Title>
          {fileName && (
            <Text size="sm" c="dimmed" maw="100%" style={{ overflowWrap: 'anywhere' }}>
              {fileName}
            </Text>
          )}
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => window.location.reload()}>
            <Trans>Cancel upload</Trans>
          </Anchor>
        </Stack>
      </Paper>
    </div>
  );
}
