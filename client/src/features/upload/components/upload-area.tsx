import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { registerFilePicker } from '../../../lib/file-picker.js';
import { takeTrackFile, useHeldFile } from '../held-file.js';
import { ACCEPTED_WAV_TYPES } from '../track-file.js';
import classes from './upload-area.module.css';
import { HiddenFileInput } from '../../../components/hidden-file-input.js';
import { LineIcon } from '../../../components/line-icon.js';

/**
 * Where a track is chosen or dropped. The file is checked (type, size), then held; the caller
 * decides what happens next (a guest logs in first).
 */
export function UploadArea({
  onFileAccepted,
  needsLogin,
  onLoginRequest,
  compact = false,
}: {
  onFileAccepted: (file: File) => void;
  needsLogin: boolean;
  onLoginRequest: () => void;
  compact?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const heldFile = useHeldFile();

  useEffect(() => registerFilePicker(() => inputRef.current?.click()), []);

  const accept = (file: File | undefined) => {
    if (file && takeTrackFile(file)) onFileAccepted(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files[0]);
  };

  return (
    <Paper
      className={classes.area}
      data-dragging={dragging || undefined}
      p={compact ? 'md' : 'xl'}
      radius="lg"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Stack align="center" gap="sm" ta="center">
        <WaveIcon />
        <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
          <Trans>Drop your WAV file here</Trans>
        </Title>
        <Text c="dimmed" size="sm" id={hintId} maw={420}>
          <Trans>WAV, mono or stereo, up to 500 MB. You hear every style on your own track before you buy.</Trans>
        </Text>
        <HiddenFileInput
          ref={inputRef}
          accept={ACCEPTED_WAV_TYPES.join(',')}
          aria-describedby={hintId}
          data-testid="track-file-input"
          onFile={accept}
        />
        <Button size="md" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
          <Trans>Choose a WAV file</Trans>
        </Button>
        {heldFile && needsLogin && (
          <Group gap="xs" justify="center" role="status">
            <Text size="sm">
              <Trans>
                <strong>{heldFile.name}</strong> is ready. Log in to upload it.
              </Trans>
            </Text>
            <Button size="compact-sm" variant="light" onClick={onLoginRequest}>
              <Trans>Log in</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function WaveIcon() {
  return (
    <LineIcon size={40} strokeWidth={1.6} color="var(--mantine-color-mastered-5)">
      <path d="M12 16V4M7 9l5-5 5 5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M4 20h16" strokeLinecap="round" />
    </LineIcon>
  );
}
