import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getAccessToken, useIsLoggedIn } from '../../auth/index.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { keepPageAfterLogin } from '../../../lib/login-reload.js';
import { useReadyWhenIdle } from '../../../lib/when-idle.js';
import { getHeldFile, holdFile, takeTrackFile, useHeldFile } from '../held-file.js';
import { uploadErrorCanRetry } from '../upload-errors.js';
import { CUSTOM_MASTER_PATH, dropAllowedOn, rejectFile, resetUpload, retryUpload, startUpload, UploadStatus, uploadStore, useUploadState } from '../upload-store.js';
import classes from './upload-host.module.css';
import { HiddenFileInput } from '../../../components/hidden-file-input.js';

/** The progress overlay (and the ring chart with its tooltip library) comes in its own chunk. */
const UploadProgressOverlay = lazy(async () => ({ default: (await import('./upload-progress-overlay.js')).UploadProgressOverlay }));

/** A rejected file's message stays 5 s. */
export const UPLOAD_ERROR_DISPLAY_MS = 5000;

/**
 * Mounted once above every layout: the full-window drop area on the paths, the upload
 * itself (a guest's file waits for sign-in), the progress overlay, the one notice for a
 * refused or failed upload, and the way to the new master.
 */
export function UploadHost() {
  const { i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const loggedIn = useIsLoggedIn();
  const heldFile = useHeldFile();
  const status = useUploadState((s) => s.currentStatus);
  const uploading = status === UploadStatus.saving || status === UploadStatus.success;
  const progressReady = useReadyWhenIdle(uploading);
  const masterId = useUploadState((s) => s.uploadMasterId);
  const isCustomMaster = useUploadState((s) => s.isCustomMaster);
  const uploadError = useUploadState((s) => s.uploadError);
  const [dragging, setDragging] = useState(false);
  const problem = useUploadState((s) => s.rejectedFile);
  const pickerRef = useRef<HTMLInputElement>(null);
  const dropAllowed = dropAllowedOn(location.pathname);
  const customMaster = location.pathname.replace(/\/+$/, '') === CUSTOM_MASTER_PATH;

  // A held file must survive the login (no reload); it is uploaded right after. The upload may
  // already have started when the dialog asks (signing in starts it), so a running upload keeps it too.
  // A small file can even finish (and the state reset) before the login's own calls are done: a
  // held file carried into an upload keeps the page for good, as the upload navigates by itself.
  const carriedHeldFile = useRef(false);
  useEffect(
    () => keepPageAfterLogin(() => getHeldFile() !== null || carriedHeldFile.current || uploadStore.getState().currentStatus !== UploadStatus.initial),
    [],
  );

  // A file refused before the upload is mentioned for 5 s.
  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => rejectFile(null), UPLOAD_ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  // Signed in with a file in hand: upload it.
  useEffect(() => {
    if (!heldFile || !loggedIn || uploadStore.getState().currentStatus === UploadStatus.saving) return;
    holdFile(null);
    carriedHeldFile.current = true;
    void startUpload(heldFile, { accessToken: getAccessToken(), isCustomMaster: customMaster, locale: i18n.locale });
  }, [heldFile, loggedIn, customMaster, i18n.locale]);

  // Success with a master id resets the state and opens the master (not for a custom master).
  useEffect(() => {
    if (status !== UploadStatus.success || !masterId) return;
    resetUpload();
    if (!isCustomMaster) void navigate(`/masters/song/${masterId}`);
  }, [status, masterId, isCustomMaster, navigate]);

  const accept = (file: File | undefined) => {
    if (file && takeTrackFile(file) && !loggedIn) dialogs.open('Login');
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
      <HiddenFileInput
        ref={pickerRef}
        accept="audio/wav"
        data-testid="upload-retry-input"
        onFile={accept}
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
      {progressReady && (
        <Suspense fallback={null}>{uploading && <UploadProgressOverlay />}</Suspense>
      )}
      {status === UploadStatus.failed && uploadError ? (
        <div className={classes.notice}>
          <UploadProblemNotice
            code={uploadError}
            onDismiss={resetUpload}
            onTryAgain={() => void retryUpload(getAccessToken())}
            onChooseFile={() => {
              // Choosing again resets the failed upload and opens the file picker.
              resetUpload();
              pickerRef.current?.click();
            }}
          />
        </div>
      ) : (
        problem && (
          <div className={classes.notice}>
            <UploadProblemNotice
              code={problem}
              onDismiss={() => rejectFile(null)}
              onChooseFile={() => {
                rejectFile(null);
                pickerRef.current?.click();
              }}
            />
          </div>
        )
      )}
    </>
  );
}

/**
 * The one way an upload problem is shown, whether the browser refused the file before sending it
 * or the server refused or failed it: what went wrong and what to do, in the user's language.
 * "Try again" (the same file once more) is offered only where that can help: a network or server
 * failure (`uploadErrorCanRetry`); otherwise the way on is another file.
 */
export function UploadProblemNotice({ code, onDismiss, onTryAgain, onChooseFile }: { code: string; onDismiss: () => void; onTryAgain?: () => void; onChooseFile: () => void }) {
  const { i18n } = useLingui();
  const canRetry = onTryAgain !== undefined && uploadErrorCanRetry(code);
  return (
    <Paper withBorder radius="md" p="md" shadow="lg" role="alert" data-testid="upload-problem">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={650} c="red.5">
            <Trans>Upload failed</Trans>
          </Text>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onDismiss}>
            <Trans>Dismiss</Trans>
          </Anchor>
        </Group>
        <Text size="sm" data-testid="upload-problem-message">
          {i18n._(errorMessageOf(code))}
        </Text>
        <Group>
          {canRetry ? (
            <Button color="red" variant="light" onClick={onTryAgain}>
              <Trans>Try again</Trans>
            </Button>
          ) : (
            <Button variant="light" onClick={onChooseFile}>
              <Trans>Choose another file</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
