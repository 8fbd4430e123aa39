import { Alert, Anchor, Button, Group, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getAccessToken, useIsLoggedIn } from '../../auth/index.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { keepPageAfterLogin } from '../../../lib/login-reload.js';
import { getHeldFile, holdFile, useHeldFile } from '../held-file.js';
import { trackFileProblem } from '../track-file.js';
import { CUSTOM_MASTER_PATH, dropAllowedOn, resetUpload, startUpload, UploadStatus, uploadStore, useUploadState } from '../upload-store.js';
import classes from './upload-host.module.css';

/** Spec §9: a rejected file's message stays 5 s. */
export const UPLOAD_ERROR_DISPLAY_MS = 5000;

/**
 * Mounted once above every layout: the full-window drop area on the paths of spec §2, the upload
 * itself (a guest's file waits for sign-in, spec §4), the progress overlay, the failure notice with
 * try again, and the way to the new master (spec §2 rules).
 */
export function UploadHost() {
  const { i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const loggedIn = useIsLoggedIn();
  const heldFile = useHeldFile();
  const status = useUploadState((s) => s.currentStatus);
  const masterId = useUploadState((s) => s.uploadMasterId);
  const isCustomMaster = useUploadState((s) => s.isCustomMaster);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const dropAllowed = dropAllowedOn(location.pathname);
  const customMaster = location.pathname.replace(/\/+$/, '') === CUSTOM_MASTER_PATH;

  // A held file must survive the login (no reload); it is uploaded right after. The upload may
  // already have started when the dialog asks (signing in starts it), so a running upload keeps it too.
  useEffect(() => keepPageAfterLogin(() => getHeldFile() !== null || uploadStore.getState().currentStatus !== UploadStatus.initial), []);

  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(null), UPLOAD_ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  // Signed in with a file in hand: upload it.
  useEffect(() => {
    if (!heldFile || !loggedIn || uploadStore.getState().currentStatus === UploadStatus.saving) return;
    holdFile(null);
    void startUpload(heldFile, { accessToken: getAccessToken(), isCustomMaster: customMaster, locale: i18n.locale });
  }, [heldFile, loggedIn, customMaster, i18n.locale]);

  // Spec §4: success with a master id resets the state and opens the master (not for a custom master).
  useEffect(() => {
    if (status !== UploadStatus.success || !masterId) return;
    resetUpload();
    if (!isCustomMaster) void navigate(`/masters/song/${masterId}`);
  }, [status, masterId, isCustomMaster, navigate]);

  const accept = (file: File | undefined) => {
    if (!file) return;
    const found = trackFileProblem(file);
    setProblem(found);
    if (found) return;
    holdFile(file);
    if (!loggedIn) dialogs.open('Login');
  };

  // The full-window drop area: window listeners, so a drop anywhere on the page counts.
  useEffect(() => {
    if (!dropAllowed) return;
    let depth = 0;
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const onEnter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const onOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      depth = 0;
      setDragging(false);
      if (!hasFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      accept(event.dataTransfer?.files[0]);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
    // accept reads loggedIn; re-subscribe when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dropAllowed, loggedIn]);

  return (
    <>
      <input
        ref={pickerRef}
        type="file"
        accept="audio/wav"
        hidden
        data-testid="upload-retry-input"
        onChange={(event) => {
          accept(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      {dragging && dropAllowed && (
        <div className={classes.dropOverlay} data-testid="drop-overlay">
          <div className={classes.dropFrame}>
            <Title order={2} c="white">
              <Trans>Drop your WAV file to upload it</Trans>
            </Title>
            <Text c="gray.4">
              <Trans>WAV, mono or stereo, up to 500 MB</Trans>
            </Text>
          </div>
        </div>
      )}
      {(status === UploadStatus.saving || status === UploadStatus.success) && <UploadProgressOverlay />}
      {status === UploadStatus.failed && (
        <div className={classes.notice}>
          <UploadFailedNotice
            onTryAgain={() => {
              // Spec §4: try again resets and opens the file picker.
              resetUpload();
              pickerRef.current?.click();
            }}
          />
        </div>
      )}
      {problem && (
        <div className={classes.notice}>
          <Alert color="red" variant="filled" role="alert" withCloseButton onClose={() => setProblem(null)} closeButtonLabel={i18n._(closeLabel)}>
            {i18n._(errorMessageOf(problem))}
          </Alert>
        </div>
      )}
    </>
  );
}

const closeLabel = msg`Close`;

function UploadProgressOverlay() {
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

export function UploadFailedNotice({ onTryAgain }: { onTryAgain: () => void }) {
  const { i18n } = useLingui();
  const error = useUploadState((s) => s.uploadError);
  const detail = useUploadState((s) => s.uploadErrorDetail);
  return (
    <Paper withBorder radius="md" p="md" shadow="lg" role="alert">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={650} c="red.5">
            <Trans>Upload failed</Trans>
          </Text>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={resetUpload}>
            <Trans>Dismiss</Trans>
          </Anchor>
        </Group>
        {error && <Text size="sm">{i18n._(errorMessageOf(error))}</Text>}
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
        <Group>
          <Button color="red" variant="light" onClick={onTryAgain}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
